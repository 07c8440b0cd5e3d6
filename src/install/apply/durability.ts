import { execFileSync } from "node:child_process";
import { closeSync, constants, fdatasyncSync, fsyncSync, openSync } from "node:fs";
import type { RunChanges } from "./fs-ops.js";

/**
 * The durability barrier, run before a transaction commits (and before a rolled-back one drops its journal):
 * everything the run wrote reaches the disk before the journal stops describing it, so that after a power
 * loss the record never names files whose bytes were lost. Not a mutation: crash injection does not count it.
 *
 * On Linux, one syncfs(2) of the project's file system (coreutils `sync -f`, no shell), which costs about as
 * much as flushing a few files. Where that is not available or fails: fdatasync of every file the run wrote
 * (and did not flush as it wrote it), then fsync of every folder whose entries it changed.
 */
export type Barrier = { method: "syncfs" } | { method: "fsync"; files: string[]; folders: string[] };

const syncTimeoutMs = 120_000;

/** `changes`: what the run wrote (ProjectWriter.changes), flushed one by one where syncfs is not available. */
export function durabilityBarrier(root: string, changes: RunChanges, syncCommand = "sync"): Barrier {
  if (process.platform === "linux" && syncFileSystem(root, syncCommand)) return { method: "syncfs" };
  const { files, folders } = changes;
  const flushedFiles = [...files].filter((path) =>
    flush(path, constants.O_RDONLY | constants.O_NOFOLLOW, true),
  );
  const flushedFolders = [...folders].filter((path) => flush(path, constants.O_RDONLY, false));
  return { method: "fsync", files: flushedFiles.sort(), folders: flushedFolders.sort() };
}

function syncFileSystem(root: string, command: string): boolean {
  try {
    execFileSync(command, ["-f", root], { stdio: "ignore", timeout: syncTimeoutMs });
    return true;
  } catch {
    return false;
  }
}

/** Flushes one file or folder; false when it is gone (renamed or removed later in the run) or cannot be. */
function flush(path: string, flags: number, dataOnly: boolean): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, flags);
    if (dataOnly) fdatasyncSync(fd);
    else fsyncSync(fd);
    return true;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
