import type { ItemFolders } from "../clients/model.js";
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

/** The skill of a `<dir>/<name>/SKILL.md`, the agent or command of a `<dir>/<name><extension>` (an extension may be "/AGENT.md"). */
function itemName(
  kind: ItemKind,
  dir: string,
  extension: string | undefined,
  path: string,
): string | undefined {
  const rest = path.slice(dir.length + 1);
  if (kind === "skill") {
    const parts = rest.split("/");
    return parts.length === 2 && parts[1] === "SKILL.md" ? parts[0] : undefined;
  }
  if (extension === undefined || !rest.endsWith(extension)) return undefined;
  // An extension starting with "/" names the file inside a folder per item (<dir>/<name>/AGENT.md).
  const name = rest.slice(0, rest.length - extension.length);
  return name.includes("/") ? undefined : name || undefined;
}

/** Every item of one kind the client finds in its folders, grouped by name in its reading order. */
export function listedItems(kind: ItemKind, folders: ItemFolders, tree: ProjectTree): LoadedItem[] {
  const byName = new Map<string, string[]>();
  for (const { dir, extension } of folders.dirs) {
    for (const path of tree.filesUnder(dir)) {
      const name = itemName(kind, dir.replace(/\/+$/, ""), extension, path);
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
