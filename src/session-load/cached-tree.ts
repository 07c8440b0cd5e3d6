import type { ProjectTree } from "./project-tree.js";

/**
 * A tree that reads each path and walks each folder once: lint and the installer ask every client's read model,
 * and each rule, about the same files.
 */
export function cachedTree(tree: ProjectTree): ProjectTree {
  const texts = new Map<string, string | undefined>();
  const links = new Map<string, string | undefined>();
  const below = new Map<string, string[]>();
  const remembered = <T>(cache: Map<string, T>, path: string, read: (path: string) => T): T => {
    if (cache.has(path)) return cache.get(path) as T;
    const value = read(path);
    cache.set(path, value);
    return value;
  };
  return {
    text: (path) => remembered(texts, path, tree.text),
    linkTarget: (path) => remembered(links, path, tree.linkTarget),
    filesUnder: (dir) => remembered(below, dir, tree.filesUnder),
  };
}
