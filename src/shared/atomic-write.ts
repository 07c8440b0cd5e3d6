import { chmodSync, renameSync, rmSync, writeFileSync } from "node:fs";

/**
 * Writes `path` through a temporary file beside it that is renamed over it once complete, so a reader
 * sees the old file or the new one, never part of one. On failure the temporary file is removed and the
 * error passed on. (The installer's writes are journaled instead: install/apply/.)
 */
export function writeThroughTemp<T>(path: string, write: (temp: string) => T): T {
  const temp = `${path}.agentc-tmp-${process.pid}`;
  try {
    const result = write(temp);
    renameSync(temp, path);
    return result;
  } catch (error) {
    removeQuietly(temp);
    throw error;
  }
}

/** The whole file at once; `mode` given, the file gets it even where the umask would clear execute bits. */
export function writeFileAtomic(path: string, bytes: Uint8Array | string, mode?: number): void {
  writeThroughTemp(path, (temp) => {
    writeFileSync(temp, bytes, mode === undefined ? undefined : { mode });
    if (mode !== undefined && (mode & 0o111) !== 0) chmodSync(temp, mode);
  });
}

/** Removes a file that may not exist or may not be reachable, for clean-up after a failed write. */
export function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // The temporary file was never created, or its folder cannot be reached: nothing to clean up.
  }
}
