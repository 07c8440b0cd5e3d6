import {
  type BigIntStats,
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmdirSync,
  symlinkSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname, relative, sep } from "node:path";

/**
 * Every mutating file-system call of the installer goes through this module, so that:
 * - each mutation first checks that its parent folder really lies inside the project (links resolved);
 * - tests can crash at the n-th mutation of a run (AGENTC_CRASH_AT=n): AGENTC_CRASH_MODE=exit (default) ends
 *   the process with 137, throw fails the run (which rolls back), abandon stops it in-process like a kill.
 */
export class OutsideProjectError extends Error {}
export class InjectedCrash extends Error {}
/** A crash simulated in-process (AGENTC_CRASH_MODE=abandon): nothing is rolled back or released, as after a kill. */
export class SimulatedCrash extends Error {}

let mutations = 0;
let root: string | undefined;
const checkedParents = new Set<string>();

/**
 * What this run changed, for the durability barrier (durability.ts): files whose bytes it wrote and that
 * were not flushed as they were written, and folders whose entries it changed.
 */
const unflushedFiles = new Set<string>();
const changedFolders = new Set<string>();

/** Confines every later mutation to the project folder, and starts counting a run's mutations and changes. */
export function confineTo(projectRoot: string): void {
  root = realpathSync(projectRoot);
  checkedParents.clear();
  mutations = 0;
  unflushedFiles.clear();
  changedFolders.clear();
}

export interface RunChanges {
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
}

/** The files written and folders changed since confineTo (absolute paths; some may be gone since). */
export function changesOfRun(): RunChanges {
  return { files: unflushedFiles, folders: changedFolders };
}

function entriesChanged(...paths: string[]): void {
  for (const path of paths) changedFolders.add(dirname(path));
}

export function mutationCount(): number {
  return mutations;
}

function beforeMutation(path: string): void {
  mutations += 1;
  const crashAt = Number(process.env.AGENTC_CRASH_AT ?? "0");
  if (crashAt > 0 && mutations === crashAt) {
    if (process.env.AGENTC_CRASH_MODE === "throw")
      throw new InjectedCrash(`injected crash at mutation ${crashAt}`);
    if (process.env.AGENTC_CRASH_MODE === "abandon")
      throw new SimulatedCrash(`simulated crash at mutation ${crashAt}`);
    process.stderr.write(`agentc: injected crash at mutation ${crashAt} (${path})\n`);
    process.exit(137);
  }
  assertInside(dirname(path));
}

function assertInside(parent: string): void {
  if (!root) throw new OutsideProjectError("internal: mutation before the project root was set");
  if (checkedParents.has(parent)) return;
  const real = realpathSync(parent);
  const rel = relative(root, real);
  if (rel.startsWith(`..${sep}`) || rel === ".." || rel.startsWith(sep) || /^[A-Za-z]:/.test(rel))
    throw new OutsideProjectError(
      `refusing to write in ${parent}: it resolves outside the project (${real})`,
    );
  checkedParents.add(parent);
}

/** Forgets cached containment checks (after a folder was removed or renamed). */
export function forgetParents(): void {
  checkedParents.clear();
}

/** Creates a new file; fails when anything (a file, a link, a folder) is already at `path`. */
export function writeNewFile(path: string, bytes: Uint8Array, mode: number, sync = false): void {
  beforeMutation(path);
  entriesChanged(path);
  if (!sync) unflushedFiles.add(path);
  writeAndCloseNew(path, openNew(path, mode), bytes, sync, false);
}

/** A file this call created and could not fill (a full disk) is removed again: it holds nobody's bytes. */
function writeAndCloseNew(path: string, fd: number, bytes: Uint8Array, sync: boolean, stat: boolean) {
  try {
    return writeAndClose(path, fd, bytes, sync, stat);
  } catch (error) {
    try {
      unlinkSync(path);
      entriesChanged(path);
    } catch {
      // already gone; the rollback decides from what is there
    }
    throw error;
  }
}

/** writeNewFile, returning the new file's stat, taken before closing it: nothing else changes it after. */
export function writeNewFileStat(path: string, bytes: Uint8Array, mode: number): BigIntStats {
  beforeMutation(path);
  entriesChanged(path);
  unflushedFiles.add(path);
  return writeAndCloseNew(path, openNew(path, mode), bytes, false, true) as BigIntStats;
}

function openNew(path: string, mode: number): number {
  return openSync(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    mode,
  );
}

function writeAndClose(
  path: string,
  fd: number,
  bytes: Uint8Array,
  sync: boolean,
  stat: boolean,
): BigIntStats | undefined {
  try {
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    if (sync) fsyncSync(fd);
    return stat ? fstatSync(fd, { bigint: true }) : undefined;
  } catch (error) {
    // write(2) errors name no file: say which one (a full disk is reported with its path)
    (error as NodeJS.ErrnoException).path ??= path;
    throw error;
  } finally {
    closeSync(fd);
  }
}

/** Hard link: create-only (EEXIST when `to` exists), never follows a link at `to`. */
export function hardLink(from: string, to: string): void {
  beforeMutation(to);
  assertInside(dirname(from));
  linkSync(from, to);
  entriesChanged(to);
  if (unflushedFiles.has(from)) unflushedFiles.add(to);
}

/** Atomic rename; replaces a file or link at `to` (the link itself, never its target). */
export function rename(from: string, to: string): void {
  beforeMutation(to);
  assertInside(dirname(from));
  renameSync(from, to);
  entriesChanged(from, to);
  if (unflushedFiles.delete(from)) unflushedFiles.add(to);
}

/** rename() of a folder whose files this run wrote: they are remembered under their new paths. */
export function renameFolder(from: string, to: string): void {
  rename(from, to);
  const inside = [...unflushedFiles].filter((p) => p.startsWith(`${from}${sep}`));
  for (const path of inside) {
    unflushedFiles.delete(path);
    unflushedFiles.add(`${to}${path.slice(from.length)}`);
  }
  for (const folder of [...changedFolders].filter((p) => p === from || p.startsWith(`${from}${sep}`)))
    changedFolders.add(`${to}${folder.slice(from.length)}`);
}

export function unlink(path: string): void {
  beforeMutation(path);
  unlinkSync(path);
  entriesChanged(path);
  unflushedFiles.delete(path);
}

export function makeDir(path: string): void {
  beforeMutation(path);
  mkdirSync(path);
  entriesChanged(path);
}

export function removeDir(path: string): void {
  beforeMutation(path);
  rmdirSync(path);
  entriesChanged(path);
}

export function makeSymlink(target: string, path: string): void {
  beforeMutation(path);
  if (process.env.AGENTC_FORCE_SYMLINK_EPERM === "1")
    throw Object.assign(new Error(`EPERM: operation not permitted, symlink '${target}' -> '${path}'`), {
      code: "EPERM",
    });
  symlinkSync(target, path);
  entriesChanged(path);
}

/** Flushes a folder's entries (after renames into it); best effort where the OS cannot. */
export function syncDir(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY);
    fsyncSync(fd);
  } catch {
    // some systems cannot open or fsync a folder; the data itself was written
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
