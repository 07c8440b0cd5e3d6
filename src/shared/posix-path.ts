import { posix } from "node:path";

/** Paths inside a registry, a build or a project: '/'-separated and relative, whatever the OS. */

/** `dir/name`; a trailing '/' of `dir` is dropped, and an empty `dir` gives `name`. */
export function joinPath(dir: string, name: string): string {
  const trimmed = dir.replace(/\/+$/, "");
  return trimmed ? `${trimmed}/${name}` : name;
}

/** The folder a path is in ("" for a top-level name). */
export function parentPath(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

/** The last segment of a path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Whether `path` is `folder` or lies below it ("a/b" is at or below "a", "ab" is not). */
export function isAtOrBelow(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/**
 * How many links in a row a reader of a project follows (AGENTS.md -> .agent/rules/a.md -> ../../.clinerules/a.md):
 * more is a loop, or no arrangement a person keeps.
 */
export const maxLinkHops = 8;

/**
 * The path a relative link at `link` leads to, normalised ("docs/../AGENTS.md" is "AGENTS.md"); undefined for
 * an absolute link text and for one that leads to the folder itself or above it.
 */
export function linkLeadsTo(link: string, text: string): string | undefined {
  if (posix.isAbsolute(text)) return undefined;
  const target = posix.normalize(posix.join(posix.dirname(link), text));
  return target === "." || target === ".." || target.startsWith("../") ? undefined : target;
}
