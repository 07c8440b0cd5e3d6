import { type BigIntStats, lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseJson } from "../../shared/nesting-limit.js";
import { agentcPath } from "../model/agentc-dir.js";
import { agentcDir } from "../model/record.js";

/**
 * `.agentc/stat-cache.json`: for each file agentc installed, the file's stamp (device, inode, size, mtime and
 * ctime in nanoseconds) when its hash was last known. A file whose lstat gives the same stamp still has that
 * hash, so a reinstall need not read it (git's index trick). Machine-local and never authoritative: missing,
 * unreadable or stale, it only costs reading the files again. Kept out of the install record so that the
 * record stays the same bytes for the same install.
 *
 * The racy case: a file changed within the same clock tick as the stamp was taken can keep its stamp. An entry
 * is trusted only when the file's mtime and ctime are older than the cache file's own mtime (written after
 * every stamp in it); anything not older is read again.
 */
export const statCachePath = `${agentcDir}/stat-cache.json`;

/**
 * `.agentc/.gitignore`: keeps the machine-local stat cache out of git, while the record and the manifest copy
 * are committed. agentc's own file in its own folder, written with the stat cache and removed by uninstall;
 * one with other bytes is the person's, left as it is.
 */
export const statCacheIgnorePath = `${agentcDir}/.gitignore`;
/** The stat cache of the install at `root` (in a project: `statCachePath`). */
export const statCachePathIn = (root: string): string => agentcPath(root, "stat-cache.json");
/** agentc's `.gitignore` beside the stat cache of the install at `root`. */
export const statCacheIgnorePathIn = (root: string): string => agentcPath(root, ".gitignore");
export const statCacheIgnoreBytes = Buffer.from(
  "# written by agentc: the stat cache is machine-local; commit installed.json and manifest.json\nstat-cache.json\n",
);

export interface KnownFile {
  stamp: string;
  sha256: string;
}

export interface StatCache {
  /** The recorded hash of the file `stat` describes (`stamp`: its fileStamp), when the stamp matches and is not racy. */
  hashOf(path: string, stat: BigIntStats, stamp: string): string | undefined;
}

interface CacheFile {
  version: 1;
  files: Record<string, string>;
}

export const emptyStatCache: StatCache = { hashOf: () => undefined };

export function fileStamp(stat: BigIntStats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
}

export function readStatCache(root: string): StatCache {
  const abs = join(root, statCachePathIn(root));
  let fence: bigint;
  let files: Record<string, unknown>;
  try {
    fence = lstatSync(abs, { bigint: true }).mtimeNs;
    const value = parseJson(readFileSync(abs, "utf8")) as CacheFile;
    if (value?.version !== 1 || typeof value.files !== "object" || value.files === null)
      return emptyStatCache;
    files = value.files;
  } catch {
    return emptyStatCache;
  }
  return {
    hashOf(path, stat, stamp) {
      const line = Object.hasOwn(files, path) ? files[path] : undefined;
      if (typeof line !== "string" || line.length !== stamp.length + 65 || !line.startsWith(`${stamp} `))
        return undefined;
      return stat.mtimeNs < fence && stat.ctimeNs < fence ? line.slice(stamp.length + 1) : undefined;
    },
  };
}

/** Deterministic for the same stamps: sorted by path. */
export function serializeStatCache(files: Map<string, KnownFile>): Buffer {
  const sorted = [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const cache: CacheFile = {
    version: 1,
    files: Object.fromEntries(sorted.map(([path, f]) => [path, `${f.stamp} ${f.sha256}`])),
  };
  return Buffer.from(`${JSON.stringify(cache)}\n`);
}
