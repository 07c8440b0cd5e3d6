import { skillFileName } from "../../../core/load-skills.js";
import { packPath } from "../placeholders.js";
import { type ItemFolder, type ItemFolders, type ItemPack, topLevelItemName } from "./item-pack.js";
import { adjusted, type ItemProject, type ItemReadContext, leftOut, start } from "./read-context.js";

/** An item file (a skill's folder) the client lists, with the name it lists it by. */
export interface FoundItem {
  path: string;
  name: string;
}

/** What a folder of items holds for its client: the items it lists, and the item files it passes over. */
export interface FolderItems {
  found: FoundItem[];
  /** Item files in subfolders the client does not look into. */
  unread: string[];
}

/** The files of an agent or command folder: the items, and the files that are not of the item's format. */
export interface FolderFiles extends FolderItems {
  /** Files without the item extension (a README.md among TOML commands); hidden files (.gitkeep) left out. */
  other: string[];
}

/**
 * The folders import reads one kind of item from: the pack's own (`dir`, written by the build) and the
 * `also` folders no other assistant writes, each with what its read model says of subfolders (none:
 * only the top level).
 */
export function itemFolders(
  pack: ItemPack,
  dir: string | null | undefined,
  reads: ItemFolders | undefined,
  also: readonly string[] = [],
): ItemFolder[] {
  const own = dir ? [packPath(dir, pack.runtime_placeholders)] : [];
  const listed = (path: string) =>
    reads?.dirs.find((folder) => trimmed(packPath(folder.dir, pack.runtime_placeholders)) === path);
  return [...own, ...also].map((path) => ({ ...listed(path), dir: path }));
}

/**
 * The skills below `folder.dir` as the client finds them: `<dir>/<name>/SKILL.md`, or (`search`) the first
 * folder on each path that holds a SKILL.md; a SKILL.md deeper than the client looks is `unread`.
 */
export function skillFolders(reader: ItemProject, folder: ItemFolder): FolderItems & { empty: string[] } {
  const found: FoundItem[] = [];
  const unread: string[] = [];
  const empty: string[] = [];
  const visit = (path: string, depth: number) => {
    if (reader.entry(`${path}/${skillFileName}`).kind !== "missing") {
      if (depth === 1 || folder.subfolders === "search") found.push({ path, name: lastPart(path) });
      else unread.push(`${path}/${skillFileName}`);
      return;
    }
    const below = reader.list(path).filter((p) => reader.entry(p).kind === "folder");
    if (depth === 1 && !below.some((p) => holdsSkill(reader, p))) empty.push(path);
    for (const inner of below) visit(inner, depth + 1);
  };
  for (const path of reader.list(folder.dir)) if (reader.entry(path).kind === "folder") visit(path, 1);
  return { found, unread, empty };
}

/**
 * The agent or command files below `folder.dir` with the names the client lists them by: the file's name at
 * the top level (by the folder's wider `top_level_extension` too); in a subfolder, by `subfolders` (`flatten`: the file's name, `namespace`: the path's
 * parts joined with ":"), else unread.
 */
export function itemFiles(reader: ItemProject, folder: ItemFolder, extension: string): FolderFiles {
  const found: FoundItem[] = [];
  const unread: string[] = [];
  const other: string[] = [];
  for (const path of reader.filesBelow(folder.dir)) {
    if (reader.entry(path).kind !== "file") continue;
    const wider = topLevelItemName(folder, path.slice(folder.dir.length + 1));
    if (wider !== undefined) {
      found.push({ path, name: wider });
      continue;
    }
    if (!path.endsWith(extension)) {
      if (!isHidden(path)) other.push(path);
      continue;
    }
    const inner = path.slice(folder.dir.length + 1, -extension.length);
    if (inner === "") continue;
    if (!inner.includes("/")) found.push({ path, name: inner });
    else if (folder.subfolders === "flatten") found.push({ path, name: lastPart(inner) });
    else if (folder.subfolders === "namespace") found.push({ path, name: inner.replaceAll("/", ":") });
    else unread.push(path);
  }
  return { found, unread, other };
}

function holdsSkill(reader: ItemProject, path: string): boolean {
  return reader.filesBelow(path).some((file) => lastPart(file) === skillFileName);
}

/** A file whose name starts with a dot (.gitkeep): passed over, not reported. */
export function isHidden(path: string): boolean {
  return lastPart(path).startsWith(".");
}

function lastPart(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

function trimmed(dir: string): string {
  return dir.replace(/\/+$/, "");
}

/**
 * The agent or command files of the pack's folder (`dir`, with the subfolders its read model names) and of
 * the `also` folders the client reads too, each given to `read` with the name the client lists it by; the
 * files it passes over are reported.
 */
export function readItemFolders(
  ctx: ItemReadContext,
  pack: ItemPack,
  dir: string,
  reads: ItemFolders | undefined,
  extension: string,
  read: (pathName: string, path: string) => void,
  also: readonly string[] = [],
): void {
  for (const folder of itemFolders(pack, dir, reads, also)) {
    const { found, other, unread } = itemFiles(ctx.reader, folder, extension);
    const otherForms = otherExtensions(pack, folder.dir, reads, extension);
    const [readElse, notRead] = partition(other, (path) => otherForms.some((ext) => path.endsWith(ext)));
    for (const path of readElse)
      adjusted(
        ctx,
        start(path),
        `${path} is a form ${pack.name} reads in ${folder.dir} that agentc does not import (its read model's ${otherForms.join(", ")} files): it stays the project's own file, read as before`,
        "is a form its client reads that agentc does not import",
      );
    unreadItems(ctx, pack, folder.dir, extension, { unread, other: notRead });
    for (const { path, name } of found) read(name, path);
  }
}

/** Extensions the read model lists for `dir` besides the item extension import reads there. */
function otherExtensions(
  pack: ItemPack,
  dir: string,
  reads: ItemFolders | undefined,
  extension: string,
): string[] {
  return (reads?.dirs ?? []).flatMap((folder) =>
    trimmed(packPath(folder.dir, pack.runtime_placeholders)) === dir &&
    folder.extension !== undefined &&
    folder.extension !== extension
      ? [folder.extension]
      : [],
  );
}

/** The paths `keep` holds for, and the rest. */
export function partition(paths: readonly string[], keep: (path: string) => boolean): [string[], string[]] {
  return [paths.filter(keep), paths.filter((path) => !keep(path))];
}

/**
 * Item files in sub-folders its read model says the client does not read, and files of another format in the
 * folder: reported (grouped in the report), each stays the project's own file.
 */
export function unreadItems(
  ctx: ItemReadContext,
  pack: ItemPack,
  dir: string,
  extension: string,
  { unread, other = [] }: { unread: readonly string[]; other?: readonly string[] },
): void {
  for (const path of other)
    leftOut(
      ctx,
      start(path),
      `${path} is not a ${extension} file: ${pack.name} reads only <name>${extension} files in ${dir}, so it is not imported`,
      `Give it the ${extension} format and name if ${pack.name} should load it from the registry; as it is, it stays the project's own file.`,
    );
  for (const path of unread)
    leftOut(
      ctx,
      start(path),
      `${path} is in a sub-folder: ${pack.name}'s read model names ${dir}/<name>${extension} only, so it is not imported`,
      `Move the file to ${dir} if ${pack.name} should load it from the registry; as it is, it stays the project's own file.`,
    );
}
