import type { ItemFolder, ItemFolders } from "../clients/model.js";
import { topLevelItemName } from "../packs/shared/items/item-pack.js";
import { baseName } from "../shared/posix-path.js";
import type { ProjectTree } from "./project-tree.js";

export type ItemKind = "skill" | "agent" | "command" | "rule";

/** One item the client lists by name: the file it uses, and the other files of that name it finds. */
export interface LoadedItem {
  kind: ItemKind;
  name: string;
  /** The file the client takes the item from. */
  path: string;
  /** Further files of the same name the client loads as well (same_name: all): duplicates. */
  copies: string[];
  /** Files of the same name the client passes over because an earlier folder has one (same_name: first). */
  shadowed: string[];
}

/**
 * The skill of a `<dir>/<name>/SKILL.md`, the agent or command of a `<dir>/<name><extension>` (an extension
 * may be "/AGENT.md"), or directly in the folder by its wider `top_level_extension`; in sub-folders as the
 * folder's `subfolders` says: a skill of the first folder on its
 * path with a SKILL.md (`search`), a file by its name (`flatten`) or by its path joined with ":" (`namespace`).
 */
function itemName(kind: ItemKind, folder: ItemFolder, path: string, tree: ProjectTree): string | undefined {
  const dir = folder.dir.replace(/\/+$/, "");
  const rest = path.slice(dir.length + 1);
  const parts = rest.split("/");
  if (kind === "skill") {
    if (parts.at(-1) !== "SKILL.md" || parts.length < 2) return undefined;
    if (parts.length === 2) return parts[0];
    if (folder.subfolders !== "search") return undefined;
    const above = parts.slice(0, -2).map((_, i) => `${dir}/${parts.slice(0, i + 1).join("/")}/SKILL.md`);
    return above.some((file) => tree.text(file) !== undefined) ? undefined : parts.at(-2);
  }
  const { extension } = folder;
  const wider = topLevelItemName(folder, rest);
  if (wider !== undefined) return wider;
  if (extension === undefined || !rest.endsWith(extension)) return undefined;
  const name = rest.slice(0, rest.length - extension.length);
  if (!name.includes("/")) return name || undefined;
  if (folder.subfolders === "flatten") return baseName(name);
  return folder.subfolders === "namespace" ? name.replaceAll("/", ":") : undefined;
}

/** Every item of one kind the client finds in its folders, grouped by name in its reading order. */
export function listedItems(kind: ItemKind, folders: ItemFolders, tree: ProjectTree): LoadedItem[] {
  const byName = new Map<string, string[]>();
  for (const folder of folders.dirs) {
    for (const path of tree.filesUnder(folder.dir)) {
      const name = itemName(kind, folder, path, tree);
      if (name === undefined || tree.text(path) === undefined) continue;
      const paths = byName.get(name) ?? [];
      paths.push(path);
      byName.set(name, paths);
    }
  }
  return [...byName].map(([name, [path = "", ...rest]]) => ({
    kind,
    name,
    path,
    copies: folders.same_name === "all" ? rest : [],
    shadowed: folders.same_name === "first" ? rest : [],
  }));
}

/** The name an item file goes by (its folder for SKILL.md), for messages. */
export function itemFileName(path: string): string {
  return baseName(path) === "SKILL.md" ? baseName(path.slice(0, path.lastIndexOf("/"))) : baseName(path);
}
