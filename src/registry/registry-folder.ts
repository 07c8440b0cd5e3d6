import { existsSync } from "node:fs";
import { join } from "node:path";

/** Where agentc import writes a project's instruction files, their headings as the project had them. */
export const importedSourcePath = "sources/imported";

/**
 * The source of the always-on text an assistant's own rule folder held, which only its adapter writes
 * (sources.json `adapters`): `sources/imported-<adapter>`.
 */
export function importedAdapterSourcePath(adapter: string): string {
  return `${importedSourcePath}-${adapter}`;
}

/** Whether a registry file is one agentc import wrote into an imported source, headings as the project had them. */
export function isImportedSourceFile(path: string): boolean {
  return path.startsWith(`${importedSourcePath}/`) || /^sources\/imported-[a-z0-9][a-z0-9-]*\//.test(path);
}

/** A registry holds one of these (a build holds manifest.json). */
export const registryFiles = ["sources.json", "targets.json"] as const;

/** The registry file `dir` holds (sources.json first), or undefined when it is no registry. */
export function registryFileIn(dir: string): string | undefined {
  return registryFiles.find((file) => existsSync(join(dir, file)));
}
