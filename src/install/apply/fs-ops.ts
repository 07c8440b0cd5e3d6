import {
  type BigIntStats,
  closeSync,
  constants,
  fchmodSync,
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
 * Every mutating file-system call of the installer goes through a ProjectWriter, so that:
 * - each mutation first checks that its parent folder really lies inside the project (links resolved);
 * - tests can crash at the n-th mutation of a run (AGENTC_CRASH_AT=n): AGENTC_CRASH_MODE=exit (default) ends
 *   the process with 137, throw fails the run (which rolls back), abandon stops it in-process like a kill.
 */
export class OutsideProjectError extends Error {}
export class InjectedCrash extends Error {}
/** A crash simulated in-process (AGENTC_CRASH_MODE=abandon): nothing is rolled back or released, as after a kill. */
export class SimulatedCrash extends Error {}

export interface RunChanges {
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
}

/**
 * The one way an install, uninstall or recovery changes the project: made per run (underLock), confined to
 * the project folder, counting the run's mutations (for the crash tests) and what they changed. Nothing is
 * kept between runs, so two runs in one process (as under a server) never share it.
 */
export class ProjectWriter {
  readonly root: string;
  private mutations = 0;
  private readonly checkedParents = new Set<string>();
  /**
   * What this run changed, for the durability barrier (durability.ts): files whose bytes it wrote and that
   * were not flushed as they were written, and folders whose entries it changed.
   */
  private readonly unflushedFiles = new Set<string>();
  private readonly changedFolders = new Set<string>();

  constructor(projectRoot: string) {
    this.root = realpathSync(projectRoot);
  }

  /** The files written and folders changed by this writer (absolute paths; some may be gone since). */
  changes(): RunChanges {
    return { files: this.unflushedFiles, folders: this.changedFolders };
  }

  mutationCount(): number {
    return this.mutations;
  }

  /** Forgets cached containment checks (after a folder was removed or renamed). */
  forgetParents(): void {
    this.checkedParents.clear();
  }

  /** Creates a new file; fails when anything (a file, a link, a folder) is already at `path`. */
  /** `exactMode`: the file gets `mode` whatever the umask (a person's 0664 file stays 0664). */
  writeNewFile(path: string, bytes: Uint8Array, mode: number, sync = false, exactMode = false): void {
    this.beforeMutation(path);
    this.entriesChanged(path);
    if (!sync) this.unflushedFiles.add(path);
    this.writeAndCloseNew(path, openNew(path, mode, exactMode), bytes, sync, false);
  }

  /** writeNewFile, returning the new file's stat, taken before closing it: nothing else changes it after. */
  writeNewFileStat(path: string, bytes: Uint8Array, mode: number): BigIntStats {
    this.beforeMutation(path);
    this.entriesChanged(path);
    this.unflushedFiles.add(path);
    return this.writeAndCloseNew(path, openNew(path, mode), bytes, false, true) as BigIntStats;
  }

  /** Hard link: create-only (EEXIST when `to` exists), never follows a link at `to`. */
  hardLink(from: string, to: string): void {
    this.beforeMutation(to);
    this.assertInside(dirname(from));
    linkSync(from, to);
    this.entriesChanged(to);
    if (this.unflushedFiles.has(from)) this.unflushedFiles.add(to);
  }

  /** Atomic rename; replaces a file or link at `to` (the link itself, never its target). */
  rename(from: string, to: string): void {
    this.beforeMutation(to);
    this.assertInside(dirname(from));
    renameSync(from, to);
    this.entriesChanged(from, to);
    if (this.unflushedFiles.delete(from)) this.unflushedFiles.add(to);
  }

  /** rename() of a folder whose files this run wrote: they are remembered under their new paths. */
  renameFolder(from: string, to: string): void {
    this.rename(from, to);
    const inside = [...this.unflushedFiles].filter((p) => p.startsWith(`${from}${sep}`));
    for (const path of inside) {
      this.unflushedFiles.delete(path);
      this.unflushedFiles.add(`${to}${path.slice(from.length)}`);
    }
    const folders = [...this.changedFolders].filter((p) => p === from || p.startsWith(`${from}${sep}`));
    for (const folder of folders) this.changedFolders.add(`${to}${folder.slice(from.length)}`);
  }

  unlink(path: string): void {
    this.beforeMutation(path);
    unlinkSync(path);
    this.entriesChanged(path);
    this.unflushedFiles.delete(path);
  }

  makeDir(path: string): void {
    this.beforeMutation(path);
    mkdirSync(path);
    this.entriesChanged(path);
  }

  removeDir(path: string): void {
    this.beforeMutation(path);
    rmdirSync(path);
    this.entriesChanged(path);
  }

  makeSymlink(target: string, path: string): void {
    this.beforeMutation(path);
    if (process.env.AGENTC_FORCE_SYMLINK_EPERM === "1")
      throw Object.assign(new Error(`EPERM: operation not permitted, symlink '${target}' -> '${path}'`), {
        code: "EPERM",
      });
    symlinkSync(target, path);
    this.entriesChanged(path);
  }

  private entriesChanged(...paths: string[]): void {
    for (const path of paths) this.changedFolders.add(dirname(path));
  }

  private beforeMutation(path: string): void {
    this.mutations += 1;
    const crashAt = Number(process.env.AGENTC_CRASH_AT ?? "0");
    if (crashAt > 0 && this.mutations === crashAt) {
      if (process.env.AGENTC_CRASH_MODE === "throw")
        throw new InjectedCrash(`injected crash at mutation ${crashAt}`);
      if (process.env.AGENTC_CRASH_MODE === "abandon")
        throw new SimulatedCrash(`simulated crash at mutation ${crashAt}`);
      process.stderr.write(`agentc: injected crash at mutation ${crashAt} (${path})\n`);
      process.exit(137);
    }
    this.assertInside(dirname(path));
  }

  private assertInside(parent: string): void {
    if (this.checkedParents.has(parent)) return;
    const real = realpathSync(parent);
    const rel = relative(this.root, real);
    if (rel.startsWith(`..${sep}`) || rel === ".." || rel.startsWith(sep) || /^[A-Za-z]:/.test(rel))
      throw new OutsideProjectError(
        `refusing to write in ${parent}: it resolves outside the project (${real})`,
      );
    this.checkedParents.add(parent);
  }

  /** A file this call created and could not fill (a full disk) is removed again: it holds nobody's bytes. */
  private writeAndCloseNew(path: string, fd: number, bytes: Uint8Array, sync: boolean, stat: boolean) {
    try {
      return writeAndClose(path, fd, bytes, sync, stat);
    } catch (error) {
      try {
        unlinkSync(path);
        this.entriesChanged(path);
      } catch {
        // already gone; the rollback decides from what is there
      }
      throw error;
    }
  }
}

function openNew(path: string, mode: number, exactMode = false): number {
  const fd = openSync(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    mode,
  );
  if (!exactMode) return fd;
  try {
    fchmodSync(fd, mode);
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
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
