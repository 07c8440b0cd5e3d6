import { type Dirent, readdirSync, statSync } from "node:fs";
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
    .map((entry) => ({
      name: entry.name,
      path: `${folder}/${entry.name}`,
      isFolder: isFolder(root, folder, entry),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Registry-relative paths of every visible file below a folder, sorted. */
export function filesBelow(root: string, folder: string): string[] {
  return listFolder(root, folder).flatMap((entry) =>
    entry.isFolder ? filesBelow(root, entry.path) : [entry.path],
  );
}

/** A symbolic link counts as what it points at. */
function isFolder(root: string, folder: string, entry: Dirent): boolean {
  if (!entry.isSymbolicLink()) return entry.isDirectory();
  try {
    return statSync(join(root, folder, entry.name)).isDirectory();
  } catch {
    return false;
  }
}
