import { lstatSync, readFileSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";

/**
 * The output folder as the writer sees it, asked once per question: a folder that does not exist answers
 * for every file below it (a first build of 100,000 files costs one stat per folder, not two lstat calls
 * per file), and a file looked at twice (foreign-file check, then unchanged check) is lstat-ed and read
 * once, until forget(path).
 */
export class OnDisk {
  readonly #missingFolders = new Map<string, boolean>();
  readonly #stats = new Map<string, Stats | undefined>();
  readonly #bytes = new Map<string, Buffer | undefined>();

  constructor(readonly root: string) {}

  /** lstat of a '/'-separated path below root; undefined when it does not exist or cannot be reached. */
  stat(path: string): Stats | undefined {
    if (isPlain(path) && this.#folderMissing(parentOf(path))) return undefined;
    if (!this.#stats.has(path)) this.#stats.set(path, lstatOrUndefined(join(this.root, path)));
    return this.#stats.get(path);
  }

  isFile(path: string): boolean {
    return this.stat(path)?.isFile() === true;
  }

  /** The file's bytes, read at most once until forget(path); undefined when unreadable. */
  bytes(path: string): Buffer | undefined {
    if (!this.#bytes.has(path)) this.#bytes.set(path, readOrUndefined(join(this.root, path)));
    return this.#bytes.get(path);
  }

  forget(path: string): void {
    this.#stats.delete(path);
    this.#bytes.delete(path);
  }

  /** Only a plain "does not exist" counts: a folder that cannot be read is left to lstat and the writer. */
  #folderMissing(folder: string): boolean {
    if (folder === "") return false;
    let missing = this.#missingFolders.get(folder);
    if (missing === undefined) {
      missing = this.#folderMissing(parentOf(folder)) || statOrError(join(this.root, folder)) === undefined;
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

function parentOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
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

function readOrUndefined(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
