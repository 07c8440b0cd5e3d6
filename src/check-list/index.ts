import type { Check } from "../checks/check.js";
import { compileChecks } from "../checks/index.js";
import { importChecks } from "../import/checks/index.js";
import { lintChecks } from "../lint/checks/index.js";
import { pluginChecks } from "../plugin/checks/index.js";

const byId = (a: Check, b: Check) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Every check, ordered by id: those of compiling a registry and those each stage above `checks/` keeps
 * beside its code (the plugin packages', import's, lint's). A test keeps ids, this list and docs/checks/ in
 * step.
 */
export const allChecks: readonly Check[] = [
  ...compileChecks,
  ...pluginChecks,
  ...importChecks,
  ...lintChecks,
].sort(byId);

export function findCheck(id: string): Check | undefined {
  const wanted = id.toUpperCase();
  return allChecks.find((c) => c.id === wanted || c.slug === id.toLowerCase());
}
