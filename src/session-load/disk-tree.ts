import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { joinPath } from "../shared/posix-path.js";
import { byCodePoint, linkTargetPath, type ProjectTree } from "./project-tree.js";

/** Folders no client reads configuration from; never walked. */
const skipped = new Set([".git", "node_modules"]);

/**
 * A project folder on disk as a ProjectTree: what a client would find there now (an installed project, a
 * person's own files). Links are followed for text and reported as links; unreadable paths read as absent.
 */
export function diskTree(root: string): ProjectTree {
  const at = (path: string) => join(root, ...path.split("/"));
  return {
    text: (path) => {
      try {
        return readFileSync(at(path), "utf8");
      } catch {
        return undefined;
      }
    },
    linkTarget: (path) => {
      try {
        if (!lstatSync(at(path)).isSymbolicLink()) return undefined;
        return linkTargetPath(path, readlinkSync(at(path)).replaceAll("\\", "/"));
      } catch {
        return undefined;
      }
    },
    filesUnder: (dir) => walk(at(dir), dir.replace(/\/+$/, ""), inside(root)).sort(byCodePoint),
  };
}

/**
 * The files below a folder. A link to a folder inside the project is walked as the folder (a skill folder
 * linked from another client's skills folder is read through the link), once on each path, never into a
 * folder it is already inside (no loop); a link to a folder outside the project is not walked.
 */
function walk(abs: string, rel: string, within: (real: string) => boolean, above: string[] = []): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const path = joinPath(rel, entry.name);
    const full = join(abs, entry.name);
    if (entry.isDirectory()) return walk(full, path, within, above);
    if (!entry.isSymbolicLink()) return entry.isFile() ? [path] : [];
    const real = linkedFolder(full);
    if (real === undefined) return [path];
    const here = realOf(abs);
    const ancestor = here === real || here.startsWith(`${real}${sep}`) || above.includes(real);
    return within(real) && !ancestor ? walk(full, path, within, [...above, real]) : [];
  });
}

/** The real path of the folder a link leads to; undefined when it leads to a file or nowhere. */
function linkedFolder(link: string): string | undefined {
  try {
    return statSync(link).isDirectory() ? realpathSync(link) : undefined;
  } catch {
    return undefined;
  }
}

function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function inside(root: string): (real: string) => boolean {
  const base = realOf(root);
  return (real) => real === base || real.startsWith(`${base}${sep}`);
}
