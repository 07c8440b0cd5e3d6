import type { ProjectTree } from "./project-tree.js";

/** A tree that notes what its reader asks, and `reaches`, which says whether removing paths could change an answer. */
export interface AskedTree {
  tree: ProjectTree;
  /**
   * True when the same tree without the `removed` paths (overlayTree's `removed`) could have answered one of
   * the questions asked so far differently: a path asked for is among them, a folder listing held one, or a
   * text was read through a link (its target may be among them). False means a reader of that tree gets the
   * same answers, so it reads the same.
   */
  reaches(removed: ReadonlySet<string>): boolean;
}

export function askedTree(tree: ProjectTree): AskedTree {
  const texts = new Set<string>();
  const links = new Set<string>();
  const listings: string[][] = [];
  return {
    tree: {
      text: (path) => {
        texts.add(path);
        return tree.text(path);
      },
      linkTarget: (path) => {
        links.add(path);
        return tree.linkTarget(path);
      },
      filesUnder: (dir) => {
        const files = tree.filesUnder(dir);
        listings.push(files);
        return files;
      },
    },
    reaches: (removed) =>
      [...links].some((path) => removed.has(path)) ||
      [...texts].some((path) => removed.has(path) || tree.linkTarget(path) !== undefined) ||
      listings.some((files) => files.some((path) => removed.has(path))),
  };
}
