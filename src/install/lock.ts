import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { makeDir, removeDir, rename, SimulatedCrash, unlink, writeNewFile } from "./fs-ops.js";
import { exists } from "./journal.js";
import { agentcDir } from "./record.js";

/** One install per project: .agentc/lock holds the owner's pid; a lock whose process is gone is stale. */
export const lockPath = `${agentcDir}/lock`;

export class LockHeldError extends Error {}

export interface Lock {
  release(): void;
}

export function acquireLock(root: string): Lock {
  const dir = join(root, agentcDir);
  if (!exists(dir)) makeDir(dir);
  const path = join(root, lockPath);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeNewFile(path, Buffer.from(`${JSON.stringify({ pid: process.pid })}\n`), 0o644, true);
      removeStaleLeftovers(root);
      return { release: () => release(root) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        if (!(error instanceof SimulatedCrash)) release(root);
        throw error;
      }
    }
    const owner = lockOwner(path);
    if (owner !== undefined && alive(owner))
      throw new LockHeldError(
        `another agentc (pid ${owner}) is installing into this project; wait for it to finish`,
      );
    const stale = `${path}.stale-${process.pid}`;
    try {
      rename(path, stale);
      unlink(stale);
    } catch (error) {
      // another process recovered the same stale lock first: try again
      if (error instanceof SimulatedCrash) throw error;
    }
  }
  throw new LockHeldError(`could not take ${lockPath}; remove it if no agentc is running`);
}

/** A crash between renaming a stale lock away and deleting it leaves lock.stale-<pid>: ours to delete now. */
function removeStaleLeftovers(root: string): void {
  for (const name of readdirSync(join(root, agentcDir)))
    if (name.startsWith("lock.stale-")) unlink(join(root, agentcDir, name));
}

function release(root: string): void {
  const path = join(root, lockPath);
  if (exists(path)) unlink(path);
  const dir = join(root, agentcDir);
  if (exists(dir) && readdirSync(dir).length === 0) removeDir(dir);
}

function lockOwner(path: string): number | undefined {
  try {
    const pid = (JSON.parse(readFileSync(path, "utf8")) as { pid?: unknown }).pid;
    return typeof pid === "number" && Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
