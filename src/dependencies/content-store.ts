import { lstatSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { makeFolders } from "../shared/make-folders.js";
import { contentDigest } from "./content-digest.js";
import type { SourceFiles } from "./model.js";

/** A dependency's files in the content-addressed cache, and the folder they lie in. */
export interface StoredContent extends SourceFiles {
  digest: string;
  folder: string;
}

const folderOf = (cacheDir: string, digest: string): string => join(cacheDir, digest.replace(":", "-"));

/** Writes the files under their digest (once: a folder already there is the same content). */
export function storeContent(cacheDir: string, content: SourceFiles): StoredContent {
  const digest = contentDigest(content);
  const folder = folderOf(cacheDir, digest);
  if (readStoredContent(cacheDir, digest)) return { ...content, digest, folder };
  const temp = `${folder}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  for (const [path, bytes] of content.files) {
    makeFolders(dirname(join(temp, path)));
    writeFileSync(join(temp, path), bytes, { mode: content.executables.has(path) ? 0o755 : 0o644 });
  }
  makeFolders(temp);
  rmSync(folder, { recursive: true, force: true });
  renameSync(temp, folder);
  return { ...content, digest, folder };
}

/** The cached content of a digest, read back and hashed again; undefined when absent or not that content. */
export function readStoredContent(cacheDir: string, digest: string): StoredContent | undefined {
  const folder = folderOf(cacheDir, digest);
  const content: SourceFiles = { files: new Map(), executables: new Set() };
  try {
    readFolder(folder, "", content);
  } catch {
    return undefined;
  }
  return contentDigest(content) === digest ? { ...content, digest, folder } : undefined;
}

/** Regular files only: a link or device planted in the cache makes the entry unusable, not followed. */
function readFolder(folder: string, prefix: string, content: SourceFiles): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) readFolder(path, `${prefix}${name}/`, content);
    else if (stat.isFile()) {
      content.files.set(`${prefix}${name}`, readFileSync(path));
      if ((stat.mode & 0o100) !== 0) content.executables.add(`${prefix}${name}`);
    } else throw new Error(`${path} is not a regular file`);
  }
}
