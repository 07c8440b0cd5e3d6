import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { lintProject } from "../lint/index.js";
import { compileRegistry } from "../pipeline/compile.js";
import { registryFileIn } from "../registry/registry-folder.js";

/** What the servers check a folder as: an agentc registry (`agentc check`) or any other project (`agentc lint`). */
export type FolderKind = "registry" | "project";

export interface FolderCheck {
  kind: FolderKind;
  /** Paths relative to the folder. */
  diagnostics: readonly Diagnostic[];
}

export function folderKind(root: string): FolderKind {
  return registryFileIn(root) ? "registry" : "project";
}

/** A registry gets the pipeline's checks, as `agentc check` runs them; any other project the lint rules. */
export async function checkFolder(root: string): Promise<FolderCheck> {
  if (folderKind(root) === "registry")
    return { kind: "registry", diagnostics: (await compileRegistry(root)).diagnostics };
  return { kind: "project", diagnostics: (await lintProject(root)).diagnostics };
}
