import { existsSync } from "node:fs";
import { join } from "node:path";

/** Where agentc import writes a project's instruction files, their headings as the project had them. */
export const importedSourcePath = "sources/imported";

/** A registry holds one of these (a build holds manifest.json). */
export const registryFiles = ["sources.json", "targets.json"] as const;

/** The registry file `dir` holds (sources.json first), or undefined when it is no registry. */
export function registryFileIn(dir: string): string | undefined {
  return registryFiles.find((file) => existsSync(join(dir, file)));
}
