import { maxLinkHops } from "../shared/posix-path.js";
import { byCodePoint, type ProjectTree, type TreeFile, type TreeLink } from "./project-tree.js";

/** What an install changes in a project: files it writes (or composes), links it makes, files it removes. */
export interface TreeChanges {
  files?: Iterable<TreeFile>;
  links?: Iterable<TreeLink>;
  removed?: Iterable<string>;
}

/**
 * A project as it will be after `changes`: the base tree (a project on disk) with the written files and
 * links on top and the removed paths gone. A link in the base reads its target through the changes, so a
 * person's instruction file linked to one the install composes reads the composed text.
 */
export function overlayTree(base: ProjectTree, changes: TreeChanges): ProjectTree {
  const texts = new Map<string, string>();
  for (const file of changes.files ?? []) texts.set(file.path, file.text);
  const links = new Map<string, string>();
  for (const link of changes.links ?? []) links.set(link.path, link.target);
  const removed = new Set(changes.removed ?? []);
  const linkTarget = (path: string): string | undefined => {
    if (links.has(path)) return links.get(path);
    if (texts.has(path) || removed.has(path)) return undefined;
    return base.linkTarget(path);
  };
  const text = (path: string, hops = 0): string | undefined => {
    const target = linkTarget(path);
    if (target !== undefined) return hops >= maxLinkHops ? undefined : text(target, hops + 1);
    if (texts.has(path)) return texts.get(path);
    return removed.has(path) ? undefined : base.text(path);
  };
  return {
    text: (path) => text(path),
    linkTarget,
    filesUnder: (dir) => {
      const prefix = dir === "" ? "" : `${dir.replace(/\/+$/, "")}/`;
      const added = [...texts.keys(), ...links.keys()].filter((path) => path.startsWith(prefix));
      const kept = base.filesUnder(dir).filter((path) => !removed.has(path));
      return [...new Set([...kept, ...added])].sort(byCodePoint);
    },
  };
}
