import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../../shared/hash.js";
import { foldersOf } from "../model/link-outcome.js";
import type { ProjectWriter } from "./fs-ops.js";

/** A file a folder copy wrote: its path inside the folder and its hash. */
export interface CopyStepFile {
  rel: string;
  sha256: string;
}

/**
 * Takes a folder copy (journal step of a link, see place-link.ts) apart file by file: every file that holds
 * what the step wrote (or is empty: a small file cut short by a kill), the temp file of a larger one, then
 * the folders that are empty. Anything else (a file someone put or edited there since) stays, and so do the
 * folders holding it. Every path is seen with lstat first, so nothing is ever followed into a link's target.
 */
export function undoFolderCopy(
  fs: ProjectWriter,
  folder: string,
  files: readonly CopyStepFile[],
  tempSuffix: string,
): void {
  if (!isRealDir(folder)) return;
  const folders = foldersOf(files.map((f) => f.rel));
  const realFolders = new Set(folders.filter((dir) => isRealDir(join(folder, dir))));
  const reachable = (rel: string): boolean => foldersOf([rel]).every((dir) => realFolders.has(dir));
  for (const f of files) {
    if (!reachable(f.rel)) continue;
    const abs = join(folder, f.rel);
    if (isFile(`${abs}${tempSuffix}`)) fs.unlink(`${abs}${tempSuffix}`);
    if (holds(abs, f.sha256)) fs.unlink(abs);
  }
  for (const dir of [...folders].reverse())
    if (realFolders.has(dir) && isEmptyDir(join(folder, dir))) fs.removeDir(join(folder, dir));
  if (isEmptyDir(folder)) fs.removeDir(folder);
}

function holds(abs: string, hash: string): boolean {
  const stat = lstatOrUndefined(abs);
  if (!stat?.isFile()) return false;
  return stat.size === 0 || sha256(readFileSync(abs)) === hash;
}

function isRealDir(abs: string): boolean {
  return lstatOrUndefined(abs)?.isDirectory() === true;
}

function isFile(abs: string): boolean {
  return lstatOrUndefined(abs)?.isFile() === true;
}

function isEmptyDir(abs: string): boolean {
  return isRealDir(abs) && readdirSync(abs).length === 0;
}

function lstatOrUndefined(abs: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(abs);
  } catch {
    return undefined;
  }
}
