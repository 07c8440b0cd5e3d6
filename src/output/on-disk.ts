import { closeSync, lstatSync, openSync, readFileSync, readSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { parentPath } from "../shared/posix-path.js";
import { countWork } from "../shared/work-counts.js";

/**
 * The output folder as the writer sees it, asked once per question: a folder that does not exist answers
 * for every file below it (a first build of 100,000 files costs one stat per folder, not two lstat calls
 * per file), and a file looked at twice (foreign-file check, then unchanged check) is lstat-ed and
 * compared with the build's bytes once, until forget(path). Only the answer of a comparison is kept,
 * not the bytes read for it, so an unchanged rebuild holds no copy of the tree.
 */
export class OnDisk {
  readonly #missingFolders = new Map<string, boolean>();
  readonly #stats = new Map<string, Stats | undefined>();
  readonly #same = new Map<string, { bytes: Buffer; same: boolean }>();
  /** root joined with "x", without the "x": root + path is join(root, path) for a plain path. */
  readonly #prefix: string;

  constructor(readonly root: string) {
    this.#prefix = join(root, "x").slice(0, -1);
  }

  /** lstat of a '/'-separated path below root; undefined when it does not exist or cannot be reached. */
  stat(path: string): Stats | undefined {
    const plain = isPlain(path);
    if (plain && this.#folderMissing(parentPath(path))) return undefined;
    if (!this.#stats.has(path)) this.#stats.set(path, lstatOrUndefined(this.#full(path, plain)));
    return this.#stats.get(path);
  }

  isFile(path: string): boolean {
    return this.stat(path)?.isFile() === true;
  }

  /** The file's bytes; undefined when unreadable. */
  bytes(path: string): Buffer | undefined {
    return readOrUndefined(this.#full(path, isPlain(path)), this.stat(path)?.size);
  }

  /** Whether the file holds exactly `bytes`; false when it cannot be read. Asked once per path and bytes. */
  holds(path: string, bytes: Buffer): boolean {
    const known = this.#same.get(path);
    if (known?.bytes === bytes) return known.same;
    const size = this.stat(path)?.size;
    const same = size === bytes.length && this.bytes(path)?.equals(bytes) === true;
    this.#same.set(path, { bytes, same });
    return same;
  }

  forget(path: string): void {
    this.#stats.delete(path);
    this.#same.delete(path);
  }

  /** join(root, path), without path.join's normalising for a plain path (thousands per build). */
  fullPath(path: string): string {
    return this.#full(path, isPlain(path));
  }

  #full(path: string, plain: boolean): string {
    return plain ? this.#prefix + path : join(this.root, path);
  }

  /** Only a plain "does not exist" counts: a folder that cannot be read is left to lstat and the writer. */
  #folderMissing(folder: string): boolean {
    if (folder === "") return false;
    let missing = this.#missingFolders.get(folder);
    if (missing === undefined) {
      missing = this.#folderMissing(parentPath(folder)) || statOrError(this.#prefix + folder) === undefined;
      this.#missingFolders.set(folder, missing);
    }
    return missing;
  }
}

/** An empty, "." or ".." segment. */
const unplainSegment = /(?:^|\/)\.{0,2}(?:\/|$)/;

/** No empty, "." or ".." segment: the folder named by a prefix of the path is really above it. */
function isPlain(path: string): boolean {
  return !unplainSegment.test(path);
}

function statOrError(path: string): Stats | Error | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    return error as Error;
  }
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * The whole file. With the size lstat gave, one read of size + 1 bytes (open, read, close: no fstat);
 * a file that turns out longer than that, or no size, falls back to readFileSync.
 */
function readOrUndefined(path: string, size: number | undefined): Buffer | undefined {
  try {
    countWork("files read");
    if (size === undefined) return readFileSync(path);
    const buffer = Buffer.allocUnsafe(size + 1);
    const fd = openSync(path, "r");
    let read = 0;
    try {
      while (read <= size) {
        const got = readSync(fd, buffer, read, size + 1 - read, read);
        if (got === 0) break;
        read += got;
      }
    } finally {
      closeSync(fd);
    }
    return read <= size ? buffer.subarray(0, read) : readFileSync(path);
  } catch {
    return undefined;
  }
}
