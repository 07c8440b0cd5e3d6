import { type Zippable, zipSync } from "fflate";

/** 1980-01-01 00:00 local time: the earliest DOS timestamp, the same on every machine. */
const fixedTime = new Date(1980, 0, 1, 0, 0, 0);

/** A zip whose bytes depend only on the entries: sorted paths, fixed times, no directory entries. */
export function zipDeterministic(
  entries: Map<string, Uint8Array>,
  executables: ReadonlySet<string> = new Set(),
): Buffer {
  const zippable: Zippable = {};
  const paths = [...entries.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const path of paths) {
    const data = entries.get(path) ?? new Uint8Array();
    const mode = executables.has(path) ? 0o100755 : 0o100644;
    zippable[path] = [data, { mtime: fixedTime, level: 6, os: 3, attrs: mode << 16 }];
  }
  return Buffer.from(zipSync(zippable));
}
