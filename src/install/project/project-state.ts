import { createHash } from "node:crypto";
import { closeSync, constants, lstatSync, openSync, readdirSync, readlinkSync, readSync } from "node:fs";
import { join } from "node:path";
import { caseTwinOf, namesByFoldedKey } from "../../shared/paths/case-twin.js";
import { emptyStatCache, fileStamp, type StatCache } from "./stat-cache.js";

/** What is at one project path, seen with lstat: links are never followed. */
export type PathState =
  | { type: "absent" }
  /** `stamp`: see stat-cache.ts; `cached`: the hash came from the stat cache, the file was not read */
  | { type: "file"; sha256: string; executable: boolean; stamp: string; cached: boolean }
  | { type: "symlink"; target: string }
  | { type: "dir" }
  | { type: "other" };

/** Read-only view of the project the planner decides from; paths are project-relative, '/'-separated. */
export interface ProjectState {
  get(path: string): PathState;
  /** The first ancestor of `path` that is a link or not a folder (writing below it is refused). */
  blockedBy(path: string): string | undefined;
  /**
   * For a path that is absent: the entry, at the first absent part of it, whose name differs from that part only
   * in case or Unicode normalisation (agents.md for AGENTS.md). Where file names ignore case (macOS, Windows)
   * the two are one entry, so writing the path would give the project a second name there.
   */
  caseTwin(path: string): string | undefined;
  /** Every file and link below a folder (not following links), project-relative, sorted. */
  listFiles(dir: string): string[];
  /** Every folder below a folder, deepest first. */
  listDirs(dir: string): string[];
  /** Reads the files among `paths` whose hash came from the stat cache; true when any hash was wrong. */
  confirm(paths: Iterable<string>): boolean;
}

/** `known`: hashes of files whose stamp has not changed, trusted instead of reading the file. */
export function diskState(root: string, known: StatCache = emptyStatCache): ProjectState {
  const cache = new Map<string, PathState>();
  const get = (path: string): PathState => {
    let state = cache.get(path);
    if (!state) {
      state = belowNoFolder(cache, path) ? absent : readState(root, path, known);
      cache.set(path, state);
    }
    return state;
  };
  const folded = new Map<string, Map<string, string>>();
  const namesIn = (dir: string): Map<string, string> => {
    let names = folded.get(dir);
    if (!names) {
      names = foldedNames(root, dir);
      folded.set(dir, names);
    }
    return names;
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
      for (let end = path.indexOf("/"); end > 0; end = path.indexOf("/", end + 1)) {
        const ancestor = path.slice(0, end);
        const type = get(ancestor).type;
        if (type !== "dir" && type !== "absent") return ancestor;
        if (type === "absent") return undefined;
      }
      return undefined;
    },
    caseTwin: (path) => caseTwinOf(path, (p) => get(p).type === "absent", namesIn),
    listFiles: (dir) => walked(dir).files,
    listDirs: (dir) => walked(dir).dirs,
    confirm(paths) {
      let wrong = false;
      for (const path of paths) {
        const state = cache.get(path);
        if (state?.type !== "file" || !state.cached) continue;
        const read = readState(root, path, emptyStatCache);
        cache.set(path, read);
        if (read.type !== "file" || read.sha256 !== state.sha256) wrong = true;
      }
      return wrong;
    },
  };
}

const absent: PathState = { type: "absent" };

/** A folder's entry names by folded key; none if it cannot be read. */
function foldedNames(root: string, dir: string): Map<string, string> {
  try {
    return namesByFoldedKey(readdirSync(join(root, dir)));
  } catch {
    return new Map();
  }
}

/** A path whose parent was seen absent or not a folder (a link is followed by lstat, so it is not) is absent. */
function belowNoFolder(cache: Map<string, PathState>, path: string): boolean {
  const slash = path.lastIndexOf("/");
  const parent = slash > 0 ? cache.get(path.slice(0, slash))?.type : undefined;
  return parent === "absent" || parent === "file" || parent === "other";
}

function readState(root: string, path: string, known: StatCache): PathState {
  const abs = join(root, path);
  try {
    const stat = lstatSync(abs, { bigint: true });
    if (stat.isSymbolicLink()) return { type: "symlink", target: readlinkSync(abs) };
    if (stat.isDirectory()) return { type: "dir" };
    if (!stat.isFile()) return { type: "other" };
    const executable = (stat.mode & 0o100n) !== 0n;
    const stamp = fileStamp(stat);
    const trusted = known.hashOf(path, stat, stamp);
    if (trusted !== undefined) return { type: "file", sha256: trusted, executable, stamp, cached: true };
    return { type: "file", sha256: hashFile(abs), executable, stamp, cached: false };
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
