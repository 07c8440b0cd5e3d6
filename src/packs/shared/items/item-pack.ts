/** Folders of items listed by name, in the order the client reads them. */
export interface ItemFolders {
  dirs: ItemFolder[];
  /** first: one item per name, the first folder wins; all: every copy is loaded. */
  same_name: "first" | "all";
}

/** One folder a client lists items from, and what it makes of items in its subfolders (default: nothing). */
export interface ItemFolder {
  dir: string;
  extension?: string;
  subfolders?: "top" | "search" | "flatten" | "namespace";
  /** A wider extension taken directly in `dir` only (`.md` beside `.agent.md`), but for `top_level_except`. */
  top_level_extension?: string;
  /** File names passed over when taking files by `top_level_extension` (README.md). */
  top_level_except?: string[];
}

/**
 * The name of a file directly in an item folder by the folder's wider extension (`top_level_extension`), or
 * undefined: a file of the folder's own extension, one it excepts, or one in a subfolder is not named by it.
 */
export function topLevelItemName(folder: ItemFolder, inner: string): string | undefined {
  const wider = folder.top_level_extension;
  if (!wider || inner.includes("/") || !inner.endsWith(wider)) return undefined;
  if (folder.top_level_except?.includes(inner)) return undefined;
  if (folder.extension && inner.endsWith(folder.extension)) return undefined;
  return inner.slice(0, inner.length - wider.length) || undefined;
}

/** The keys of a client pack every item section reads (section.ts PackBase, and the item name prefix). */
export interface ItemPack {
  /** The pack's id (its component). */
  client: string;
  /** The assistant's display name, for messages. */
  name: string;
  runtime_placeholders: Record<string, string>;
  /** Prepended to the folder or file name of every core skill, agent and command. */
  core_skill_prefix?: string;
}
