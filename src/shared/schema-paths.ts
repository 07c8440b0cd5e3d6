import { existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { schemasDir } from "./package-paths.js";

/** How registry files agentc writes (the init template, import) name the schemas folder until placed. */
export const templateSchemas = "./node_modules/agentc/schemas/";

/**
 * The schemas folder as a relative path from the registry folder: the `node_modules/agentc` an editor
 * resolving from there finds first, else the package this agentc runs from (npx, a global install).
 */
export function schemasPathFrom(registryDir: string): string {
  const from = resolve(registryDir);
  for (let dir = from; ; dir = dirname(dir)) {
    const installed = join(dir, "node_modules", "agentc", "schemas");
    if (existsSync(installed)) return relativeFolder(from, installed);
    if (dirname(dir) === dir) return relativeFolder(from, schemasDir);
  }
}

/** A template file's bytes with its `$schema` paths pointing at `schemasPath`. */
export function withSchemaPaths(file: string, bytes: Buffer, schemasPath: string): Buffer {
  if (!file.endsWith(".json")) return bytes;
  return Buffer.from(bytes.toString("utf8").replaceAll(`"${templateSchemas}`, `"${schemasPath}`));
}

function relativeFolder(from: string, to: string): string {
  const path = relative(from, to).split(sep).join("/");
  return `${path.startsWith("..") ? path : `./${path}`}/`;
}
