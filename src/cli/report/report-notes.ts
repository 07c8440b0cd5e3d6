import type { CompileResult } from "../../pipeline/compile.js";
import { projectInsteadOfRegistry } from "../wrong-folder.js";
import { narrowingHint } from "./narrowing-hint.js";

/**
 * The notes a pretty check or build report ends with: that the registry serves every built-in assistant
 * (and how to narrow it), or that the folder is a project with assistant files rather than a registry.
 */
export function reportNotes(result: CompileResult, registryDir: string): string[] {
  const narrow = result.registry && narrowingHint(result.registry.targets, true);
  const project = !result.ok && projectInsteadOfRegistry(registryDir);
  return [narrow, project].filter((note): note is string => typeof note === "string");
}
