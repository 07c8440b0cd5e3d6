import { findImports } from "../clients/instruction-imports.js";
import type { ClientReads, InstructionImport } from "../clients/model.js";
import { linkTargetPath, type ProjectTree } from "./project-tree.js";

/** One text the client puts into the session before the task is known. */
export interface LoadedText {
  /** The path the client opened (a link's own path, an imported file's path, a rule file). */
  path: string;
  /** How it got there: read as a file, through a link, imported by another file, or as an always-on rule. */
  via: "file" | "link" | "import" | "rule";
  /** The file whose text it is (a link's target; else the path itself). */
  source: string;
  /** For an import: the file that imports it. */
  from?: string;
  text: string;
}

/**
 * The instruction files the client reads at session start, in its order, with the files they import, less
 * what it loads only once. A file listed with `unless` is a fallback, read only when none of those exists
 * (as a file or a folder).
 */
export function instructionTexts(
  reads: ClientReads,
  forms: readonly InstructionImport[],
  tree: ProjectTree,
): LoadedText[] {
  const loaded: LoadedText[] = [];
  // a folder of that name counts too: a rules folder can stand in for a single rules file
  const exists = (path: string) => tree.text(path) !== undefined || tree.filesUnder(path).length > 0;
  for (const entry of reads.instructions) {
    if (entry.unless?.some(exists)) continue;
    const text = tree.text(entry.path);
    if (text === undefined) continue;
    const target = tree.linkTarget(entry.path);
    const item: LoadedText = {
      path: entry.path,
      via: target === undefined ? "file" : "link",
      source: target ?? entry.path,
      text,
    };
    if (collapsed(reads, loaded, item)) continue;
    loaded.push(item);
    if (reads.imports) loaded.push(...imported(reads, forms, tree, item, loaded, reads.imports.max_depth));
  }
  return loaded;
}

/** True when the client loads nothing new for it: a link to, a copy of or a file it already imported. */
function collapsed(reads: ClientReads, loaded: readonly LoadedText[], item: LoadedText): boolean {
  const once = new Set(reads.loads_once);
  return loaded.some((earlier) => {
    if (earlier.source !== item.source) return once.has("identical-files") && earlier.text === item.text;
    if (item.via === "link" || earlier.via === "link") return once.has("links");
    if (item.via === "import" || earlier.via === "import") return once.has("imports");
    return true;
  });
}

function imported(
  reads: ClientReads,
  forms: readonly InstructionImport[],
  tree: ProjectTree,
  importer: LoadedText,
  loaded: LoadedText[],
  depth: number,
): LoadedText[] {
  if (depth <= 0) return [];
  const out: LoadedText[] = [];
  for (const path of importPaths(importer, forms)) {
    const text = tree.text(path);
    if (text === undefined) continue;
    const item: LoadedText = {
      path,
      via: "import",
      source: tree.linkTarget(path) ?? path,
      from: importer.path,
      text,
    };
    if (collapsed(reads, [...loaded, ...out], item)) continue;
    out.push(item, ...imported(reads, forms, tree, item, [...loaded, ...out, item], depth - 1));
  }
  return out;
}

/** The project paths an instruction file imports by the pack's forms, relative to its own folder. */
export function importPaths(
  file: Pick<LoadedText, "source" | "text">,
  forms: readonly InstructionImport[],
): string[] {
  const paths = findImports(file.text, forms)
    .map((hit) => hit.path)
    .filter((path) => !path.startsWith("/") && !path.startsWith("~"))
    .map((path) => linkTargetPath(file.source, path));
  return [...new Set(paths)].filter((path) => path !== "" && !path.startsWith(".."));
}
