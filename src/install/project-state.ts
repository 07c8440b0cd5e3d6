import { createHash } from "node:crypto";
import { closeSync, constants, lstatSync, openSync, readdirSync, readlinkSync, readSync } from "node:fs";
import { join } from "node:path";

/** What is at one project path, seen with lstat: links are never followed. */
export type PathState =
  | { type: "absent" }
  | { type: "file"; sha256: string; executable: boolean }
  | { type: "symlink"; target: string }
  | { type: "dir" }
  | { type: "other" };

/** Read-only view of the project the planner decides from; paths are project-relative, '/'-separated. */
export interface ProjectState {
  get(path: string): PathState;
  /** The first ancestor of `path` that is a link or not a folder (writing below it is refused). */
  blockedBy(path: string): string | undefined;
  /** Every file and link below a folder (not following links), project-relative, sorted. */
  listFiles(dir: string): string[];
  /** Every folder below a folder, deepest first. */
  listDirs(dir: string): string[];
}

export function diskState(root: string): ProjectState {
  const cache = new Map<string, PathState>();
  const get = (path: string): PathState => {
    let state = cache.get(path);
    if (!state) {
      state = readState(join(root, path));
      cache.set(path, state);
    }
    return state;
  };
  const walks = new Map<string, { files: string[]; dirs: string[] }>();
  const walked = (dir: string): { files: string[]; dirs: string[] } => {
    const found = walks.get(dir) ?? walk(root, dir, get);
    walks.set(dir, found);
    return found;
  };
  return {
    get,
    blockedBy(path) {
      const parts = path.split("/");
      for (let i = 1; i < parts.length; i++) {
        const ancestor = parts.slice(0, i).join("/");
        const type = get(ancestor).type;
        if (type !== "dir" && type !== "absent") return ancestor;
        if (type === "absent") return undefined;
      }
      return undefined;
    },
    listFiles: (dir) => walked(dir).files,
    listDirs: (dir) => walked(dir).dirs,
  };
}

function readState(abs: string): PathState {
  try {
    const stat = lstatSync(abs);
    if (stat.isSymbolicLink()) return { type: "symlink", target: readlinkSync(abs) };
    if (stat.isDirectory()) return { type: "dir" };
    if (!stat.isFile()) return { type: "other" };
    return { type: "file", sha256: hashFile(abs), executable: (stat.mode & 0o100) !== 0 };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { type: "absent" };
    throw error;
  }
}

const chunk = Buffer.alloc(64 * 1024);

/** open (never through a link), read in chunks into one shared buffer, close: no stat, no allocation. */
function hashFile(abs: string): string {
  const hash = createHash("sha256");
  const fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    for (
      let n = readSync(fd, chunk, 0, chunk.length, null);
      n > 0;
      n = readSync(fd, chunk, 0, chunk.length, null)
    )
      hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}

function walk(root: string, dir: string, get: (p: string) => PathState): { files: string[]; dirs: string[] } {
  const files: string[] = [];
  const dirs: string[] = [];
  const visit = (rel: string): void => {
    let names: string[];
    try {
      names = readdirSync(join(root, rel)).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const child = `${rel}/${name}`;
      if (get(child).type === "dir") {
        visit(child);
        dirs.push(child);
      } else files.push(child);
    }
  };
  if (get(dir).type === "dir") visit(dir);
  return { files, dirs };
}
