import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";

export interface FolderEntry {
  name: string;
  /** Registry-relative path. */
  path: string;
  isFolder: boolean;
}

/** The visible entries of a registry-relative folder, sorted by name; none when it is missing or unreadable. */
export function listFolder(root: string, folder: string): FolderEntry[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, folder), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => !entry.name.startsWith("."))
    .map((entry) => ({ name: entry.name, path: `${folder}/${entry.name}`, isFolder: entry.isDirectory() }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Registry-relative paths of every visible file below a folder, sorted. */
export function filesBelow(root: string, folder: string): string[] {
  return listFolder(root, folder).flatMap((entry) =>
    entry.isFolder ? filesBelow(root, entry.path) : [entry.path],
  );
}
