import { mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";

/**
 * mkdir -p, one level at a time. Node 20's recursive mkdirSync loops forever where mkdir answers
 * ENOENT for a parent that exists (e.g. below /proc); this version throws the error instead.
 */
export function makeFolders(path: string): void {
  const missing: string[] = [];
  let current = path;
  while (!isFolder(current)) {
    missing.push(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (!isFolder(folder)) throw Object.assign(new Error(`${folder} is a file`), { code: "ENOTDIR" });
    }
  }
}

/** Whether `path` is a folder; anything that cannot be stat'ed (missing, below a file) is not. */
export function isFolder(path: string): boolean {
  try {
    // A missing path is the common answer (a first build's new folders): no error made for it.
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}
