import { readFileSync } from "node:fs";
import { join } from "node:path";
import picomatch from "picomatch";
import { yamlMapping } from "../../documents/yaml-frontmatter.js";
import type { Manifest } from "../../manifest/manifest-model.js";
import type { ProjectState } from "./project-state.js";

export interface RosterReport {
  vendorWords: number;
  reserve: number;
  /** skills counted: installed skill files agentc does not own */
  skills: string[];
}

/**
 * The vendor share of the skill roster budget: words in the descriptions of the skills other tools put in
 * the project (files matching roster_glob that agentc does not own, without the dead marker). Over the
 * reserve is a warning, never an error: those files are not agentc's to change.
 */
export function vendorRoster(
  manifest: Manifest,
  root: string,
  state: ProjectState,
  owned: Set<string>,
): RosterReport | undefined {
  const budget = manifest.install.roster_budget;
  if (!budget?.roster_glob) return undefined;
  const matches = picomatch(budget.roster_glob, { dot: true });
  const segments = budget.roster_glob.split("/");
  const firstGlob = segments.findIndex((s) => /[*?[{]/.test(s));
  const top = segments.slice(0, firstGlob === -1 ? segments.length - 1 : firstGlob).join("/");
  const candidates = top ? state.listFiles(top) : [];
  const skills: string[] = [];
  let vendorWords = 0;
  for (const path of candidates.filter((p) => matches(p) && !owned.has(p))) {
    const text = readFileSync(join(root, path), "utf8");
    if (budget.dead_marker && text.includes(budget.dead_marker)) continue;
    skills.push(path);
    vendorWords += words(description(text));
  }
  return { vendorWords, reserve: budget.vendor_reserve_words, skills };
}

function description(text: string): string {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) return "";
  const value = yamlMapping(match[1] ?? "")?.description;
  return typeof value === "string" ? value : "";
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
