import {
  chmodSync,
  existsSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { writeFileAtomic } from "../../shared/atomic-write.js";
import { makeFolders } from "../../shared/make-folders.js";
import { isWithin } from "../../shared/paths/within-folder.js";
import { schemasPathFrom, withSchemaPaths } from "../../shared/schema-paths.js";
import type { RegistryFile } from "./registry-files.js";

/** Why the output folder cannot take a new registry, or undefined when it can (new, or an empty folder). */
export function outFolderProblem(project: string, out: string): string | undefined {
  const projectReal = realpathSync.native(resolve(project));
  const outReal = realOfNearest(resolve(out));
  if (isWithin(outReal, projectReal))
    return `${out} lies inside the project ${project}, and import never writes into the project it reads`;
  if (isWithin(projectReal, outReal)) return `${out} holds the project ${project}`;
  if (!existsSync(out)) return undefined;
  if (!statSync(out).isDirectory()) return `${out} is a file, expected a new or empty folder`;
  const entries = readdirSync(out);
  if (entries.length > 0)
    return `${out} is not empty (${entries.slice(0, 5).join(", ")}${entries.length > 5 ? ", …" : ""}), and import never overwrites a registry`;
  return undefined;
}

/**
 * Writes every file into a folder beside `out`, then renames it into place: a registry appears whole or
 * not at all, and a file that appeared meanwhile is never overwritten (the rename fails instead). Each
 * `$schema` path is made to resolve from where its file lands, as `agentc init` does.
 */
/** A registry file's bytes as written below `out`: its `$schema` path made to resolve from there. */
export function writtenBytes(out: string, path: string, bytes: Buffer): Buffer {
  // only JSON files name a schema: the search for node_modules/agentc above the file is not made for the rest
  if (!path.endsWith(".json")) return bytes;
  return withSchemaPaths(path, bytes, schemasPathFrom(join(resolve(out), dirname(path))));
}

export function writeRegistry(out: string, files: Map<string, RegistryFile>): void {
  const target = resolve(out);
  const staging = join(dirname(target), `.${basename(target)}.agentc-import-${process.pid}`);
  makeFolders(dirname(target));
  try {
    for (const [path, file] of files) {
      const full = join(staging, path);
      makeFolders(dirname(full));
      writeFileSync(full, writtenBytes(target, path, file.bytes), { flag: "wx" });
      if (file.executable) chmodSync(full, 0o755);
    }
    if (existsSync(target)) rmdirSync(target);
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** One file of a registry import wrote, written again (targets.json with the budgets its build needs). */
export function rewriteRegistryFile(out: string, path: string, file: RegistryFile): void {
  writeFileAtomic(
    join(resolve(out), path),
    writtenBytes(out, path, file.bytes),
    file.executable ? 0o755 : undefined,
  );
}

function realOfNearest(path: string): string {
  let current = path;
  const rest: string[] = [];
  while (!existsSync(current)) {
    rest.unshift(basename(current));
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return join(realpathSync.native(current), ...rest);
}
