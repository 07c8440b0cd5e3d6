import { joinPath, maxLinkHops, parentPath } from "../shared/posix-path.js";

/**
 * A project's files as a client finds them: the text at a path (through a link, the target's text), which
 * paths are links and to where, and which files lie below a folder. Paths are '/'-separated and relative
 * to the project root.
 */
export interface ProjectTree {
  /** The text at a path, following a link; undefined when nothing readable is there. */
  text(path: string): string | undefined;
  /** The project path a link points at, or undefined when the path is not a link. */
  linkTarget(path: string): string | undefined;
  /** Every file below a folder (links included), in code-point order. */
  filesUnder(dir: string): string[];
}

export interface TreeFile {
  path: string;
  text: string;
}

export interface TreeLink {
  /** The link's own path. */
  path: string;
  /** The project path it points at. */
  target: string;
}

/** A tree held in memory: a build's files and the links its install makes. */
export function memoryTree(files: Iterable<TreeFile>, links: Iterable<TreeLink> = []): ProjectTree {
  // The files themselves are kept: a file may work out its text only when it is asked for.
  const texts = new Map<string, TreeFile>();
  for (const file of files) if (!texts.has(file.path)) texts.set(file.path, file);
  const targets = new Map<string, string>();
  for (const link of links) targets.set(link.path, link.target);
  const paths = [...new Set([...texts.keys(), ...targets.keys()])].sort(byCodePoint);
  const resolve = (path: string, hops = 0): string | undefined => {
    const target = targets.get(path);
    if (target === undefined) return texts.has(path) ? path : undefined;
    return hops >= maxLinkHops ? undefined : resolve(target, hops + 1);
  };
  return {
    text: (path) => {
      const real = resolve(path);
      return real === undefined ? undefined : texts.get(real)?.text;
    },
    linkTarget: (path) => targets.get(path),
    filesUnder: (dir) => {
      const prefix = dir === "" ? "" : `${dir.replace(/\/+$/, "")}/`;
      return paths.filter((path) => path.startsWith(prefix));
    },
  };
}

/** A link target as a project path: relative targets resolve from the link's own folder ("../x" when outside). */
export function linkTargetPath(link: string, target: string): string {
  const parts: string[] = [];
  for (const part of joinPath(parentPath(link), target).split("/")) {
    if (part === ".." && parts.length > 0 && parts.at(-1) !== "..") parts.pop();
    else if (part === "..") parts.push(part);
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

/** Path order of every tree: by code point, as the manifest sorts. */
export const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
