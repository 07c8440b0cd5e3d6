import type { EmittedFile, EmittedTree } from "../emit/emitted-tree.js";
import { parseJson } from "../shared/nesting-limit.js";
import { notEmittedFinding, notJsonObjectFinding } from "./checks/plugin-inputs-exist.js";
import type { Report } from "./report.js";

/** The emitted seed or asset a plugin field names; reported when the build does not emit it. */
export function emittedSeed(
  tree: EmittedTree,
  key: string,
  path: string,
  report: Report,
): EmittedFile | undefined {
  const found = tree.files.find((f) => f.path === path);
  if (!found) {
    report([key], notEmittedFinding(key, path));
  }
  return found;
}

/** The seed's JSON object; reported when it does not parse. */
export function seedJson(
  seed: EmittedFile,
  key: string,
  path: string,
  report: Report,
): Record<string, unknown> | undefined {
  try {
    const value: unknown = parseJson(seed.bytes.toString("utf8"));
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  report([key], notJsonObjectFinding(key, path));
  return undefined;
}
