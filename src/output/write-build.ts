import { chmodSync, lstatSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { uniqueFiles } from "../emit/../manifest/build-manifest.js";
import type { EmittedTree } from "../emit/emitted-tree.js";
import { serializeManifest } from "../manifest/canonical-manifest.js";
import { type Manifest, manifestFileName } from "../manifest/manifest-model.js";
import { makeFolders } from "./make-folders.js";

/** A file of the build could not be written: a problem of the output folder, not of agentc. */
export class WriteError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
  ) {
    super(`cannot write ${path} (${code})`);
  }
}

export interface WriteReport {
  written: string[];
  unchanged: string[];
  removed: string[];
}

/**
 * Writes the tree and manifest.json into outDir. Unchanged files are not touched; files listed by the
 * previous manifest and no longer emitted are removed; files the build never wrote are left alone.
 */
export function writeBuild(outDir: string, tree: EmittedTree, manifest: Manifest): WriteReport {
  const report: WriteReport = { written: [], unchanged: [], removed: [] };
  const previous = previousArtifacts(outDir);
  const files = uniqueFiles(tree.files);
  const folders = new Set<string>();
  for (const file of files) {
    const target = join(outDir, file.path);
    if (sameFile(target, file.bytes, file.executable)) report.unchanged.push(file.path);
    else {
      writeAtomic(target, file.bytes, file.executable, folders);
      report.written.push(file.path);
    }
  }
  const current = new Set(files.map((f) => f.path));
  for (const stale of previous.filter((p) => !current.has(p))) {
    removeStale(join(outDir, stale));
    report.removed.push(stale);
  }
  const manifestBytes = Buffer.from(serializeManifest(manifest));
  const manifestPath = join(outDir, manifestFileName);
  if (sameFile(manifestPath, manifestBytes, false)) report.unchanged.push(manifestFileName);
  else {
    writeAtomic(manifestPath, manifestBytes, false, folders);
    report.written.push(manifestFileName);
  }
  return report;
}

function previousArtifacts(outDir: string): string[] {
  try {
    const manifest = JSON.parse(readFileSync(join(outDir, manifestFileName), "utf8")) as Partial<Manifest>;
    return Array.isArray(manifest.artifacts)
      ? manifest.artifacts.filter((p) => typeof p === "string" && !p.includes(".."))
      : [];
  } catch {
    return [];
  }
}

function sameFile(path: string, bytes: Buffer, executable: boolean): boolean {
  try {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size !== bytes.length) return false;
    if (((stat.mode & 0o100) !== 0) !== executable) return false;
    return readFileSync(path).equals(bytes);
  } catch {
    return false;
  }
}

/** `folders` remembers the folders already created during this build. */
function writeAtomic(path: string, bytes: Buffer, executable: boolean, folders: Set<string>): void {
  const temp = `${path}.agentc-tmp-${process.pid}`;
  try {
    const folder = dirname(path);
    if (!folders.has(folder)) makeFolders(folder);
    folders.add(folder);
    writeFileSync(temp, bytes, { mode: executable ? 0o755 : 0o644 });
    if (executable) chmodSync(temp, 0o755);
    renameSync(temp, path);
  } catch (error) {
    removeQuietly(temp);
    throw new WriteError(path, (error as NodeJS.ErrnoException).code ?? String(error));
  }
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // The temporary file was never created, or its folder cannot be reached: nothing to clean up.
  }
}

function removeStale(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch (error) {
    throw new WriteError(path, (error as NodeJS.ErrnoException).code ?? String(error));
  }
}
