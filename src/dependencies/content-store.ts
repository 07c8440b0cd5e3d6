import { lstatSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { makeFolders } from "../shared/make-folders.js";
import { contentDigest } from "./content-digest.js";

/** A dependency's files in the content-addressed cache, and the folder they lie in. */
export interface StoredContent {
  digest: string;
  folder: string;
  files: ReadonlyMap<string, Uint8Array>;
}

const folderOf = (cacheDir: string, digest: string): string => join(cacheDir, digest.replace(":", "-"));

/** Writes the files under their digest (once: a folder already there is the same content). */
export function storeContent(cacheDir: string, files: ReadonlyMap<string, Uint8Array>): StoredContent {
  const digest = contentDigest(files);
  const folder = folderOf(cacheDir, digest);
  if (readStoredContent(cacheDir, digest)) return { digest, folder, files };
  const temp = `${folder}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  for (const [path, bytes] of files) {
    makeFolders(dirname(join(temp, path)));
    writeFileSync(join(temp, path), bytes);
  }
  makeFolders(temp);
  rmSync(folder, { recursive: true, force: true });
  renameSync(temp, folder);
  return { digest, folder, files };
}

/** The cached content of a digest, read back and hashed again; undefined when absent or not that content. */
export function readStoredContent(cacheDir: string, digest: string): StoredContent | undefined {
  const folder = folderOf(cacheDir, digest);
  const files = new Map<string, Uint8Array>();
  try {
    readFolder(folder, "", files);
  } catch {
    return undefined;
  }
  return contentDigest(files) === digest ? { digest, folder, files } : undefined;
}

/** Regular files only: a link or device planted in the cache makes the entry unusable, not followed. */
function readFolder(folder: string, prefix: string, files: Map<string, Uint8Array>): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) readFolder(path, `${prefix}${name}/`, files);
    else if (stat.isFile()) files.set(`${prefix}${name}`, readFileSync(path));
    else throw new Error(`${path} is not a regular file`);
  }
}
