import { type BigIntStats, lstatSync } from "node:fs";
import { tempSuffix } from "../model/agentc-dir.js";
import type { ProjectWriter } from "./fs-ops.js";
import { backUpByLink } from "./journal.js";

/**
 * Up to one page, a write is whole or nothing even when the process is killed during it (the kernel checks
 * for a fatal signal between pages): such files are created in place, and a rollback removes an empty one.
 */
const inPlaceLimit = 4096;

/**
 * Create-only (O_EXCL, never through a link): a small file in place; a larger one, or one that must be flushed,
 * is written to a temp file and appears complete at once through link(), which fails if anything is there.
 */
export function createFile(
  fs: ProjectWriter,
  abs: string,
  bytes: Buffer,
  executable: boolean,
  sync = false,
): BigIntStats {
  const mode = executable ? 0o755 : 0o644;
  if (bytes.length <= inPlaceLimit && !sync) return fs.writeNewFileStat(abs, bytes, mode);
  const temp = `${abs}${tempSuffix}`;
  fs.writeNewFile(temp, bytes, mode, sync);
  fs.hardLink(temp, abs);
  fs.unlink(temp);
  return lstatSync(abs, { bigint: true });
}

/**
 * The old file is kept by a second hard link, then the new one is renamed over it: never absent. `executable`
 * "kept": a person's file agentc composes into keeps its permission bits (0600 stays 0600, 0664 stays 0664
 * whatever the umask).
 */
export function replaceFile(
  fs: ProjectWriter,
  abs: string,
  backup: string,
  bytes: Buffer,
  executable: boolean | "kept",
  sync = false,
): BigIntStats {
  const temp = `${abs}${tempSuffix}`;
  const mode =
    executable === "kept"
      ? Number(lstatSync(abs, { bigint: true }).mode & 0o777n)
      : executable
        ? 0o755
        : 0o644;
  fs.writeNewFile(temp, bytes, mode, sync, executable === "kept");
  backUpByLink(fs, abs, backup);
  fs.rename(temp, abs);
  return lstatSync(abs, { bigint: true });
}
