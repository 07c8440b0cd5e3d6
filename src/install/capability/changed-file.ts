import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../../shared/hash.js";
import type { InstallRecord } from "../model/record.js";
import type { SpawnRecord } from "../model/spawn-record.js";

/**
 * The first installed file of the capability's home whose bytes are no longer the ones installed (a file that
 * is gone or unreadable counts as changed). Its hooks and commands were allowed for the installed bytes only.
 */
export function changedFile(root: string, record: InstallRecord, spawn: SpawnRecord): string | undefined {
  const prefix = `${spawn.home}/`;
  for (const entry of record.entries) {
    if (entry.component !== spawn.component || !entry.path.startsWith(prefix) || entry.sha256 === undefined)
      continue;
    if (entry.kind !== "file") continue;
    try {
      if (sha256(readFileSync(join(root, entry.path))) !== entry.sha256) return entry.path;
    } catch {
      return entry.path;
    }
  }
  return undefined;
}
