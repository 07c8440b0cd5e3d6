import { foldedKey } from "../path-check.js";

/** A folder's entry names by their folded key (foldedKey), the first in name order where several fold alike. */
export function namesByFoldedKey(names: Iterable<string>): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const name of [...names].sort()) if (!byKey.has(foldedKey(name))) byKey.set(foldedKey(name), name);
  return byKey;
}

/**
 * For a path that is missing: the entry at its first missing part whose name differs from that part only in case
 * or Unicode normalisation (agents.md for AGENTS.md, .Tool for .tool/settings.json), as a path; where file names
 * ignore case (macOS, Windows), that entry is the path's. `missing`: nothing is there under exactly that name
 * (a link that leads nowhere is there); `namesIn`: a folder's entries as namesByFoldedKey gives them.
 */
export function caseTwinOf(
  path: string,
  missing: (path: string) => boolean,
  namesIn: (folder: string) => ReadonlyMap<string, string>,
): string | undefined {
  if (!missing(path)) return undefined;
  let parent = "";
  for (const part of path.split("/")) {
    const here = parent === "" ? part : `${parent}/${part}`;
    if (missing(here)) {
      const twin = namesIn(parent).get(foldedKey(part));
      return twin === undefined || twin === part ? undefined : parent === "" ? twin : `${parent}/${twin}`;
    }
    parent = here;
  }
  return undefined;
}
