import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { maxRuleFileBytes, readText } from "../documents/text-file.js";
import { joinPath } from "../shared/posix-path.js";
import { byCodePoint, linkTargetPath, type ProjectTree } from "./project-tree.js";

/** Folders no client reads configuration from; never walked. */
const skipped = new Set([".git", "node_modules"]);

/**
 * A project folder on disk as a ProjectTree: what a client would find there now (an installed project, a
 * person's own files). Links are followed for text and reported as links; unreadable paths read as absent,
 * and so do what is no regular file (a FIFO, a device), binary or not UTF-8, or larger than a rule file may be.
 */
export function diskTree(root: string): ProjectTree {
  const at = (path: string) => join(root, ...path.split("/"));
  return {
    text: (path) => {
      const read = readText(at(path), maxRuleFileBytes);
      return read.ok ? read.text : undefined;
    },
    linkTarget: (path) => {
      try {
        if (!lstatSync(at(path)).isSymbolicLink()) return undefined;
        return linkTargetPath(path, readlinkSync(at(path)).replaceAll("\\", "/"));
      } catch {
        return undefined;
      }
    },
    filesUnder: (dir) => {
      const within = inside(root);
      // the folder asked for is held to the rule of the links below it: outside the project, not walked
      if (!within(realOf(at(dir)))) return [];
      return walk(at(dir), dir.replace(/\/+$/, ""), { within, links: maxLinkedFolders }).sort(byCodePoint);
    },
  };
}

/**
 * Folder links one listing follows at most: links fanning out to one folder again and again (ten links to a
 * folder of ten links …) would otherwise make the walk grow with every level; past this, links are listed as
 * entries but not walked.
 */
const maxLinkedFolders = 1000;

interface Walk {
  within: (real: string) => boolean;
  /** Folder links this listing may still follow. */
  links: number;
}

/**
 * The files below a folder. A link to a folder inside the project is walked as the folder (a skill folder
 * linked from another client's skills folder is read through the link), once on each path, never into a
 * folder it is already inside (no loop); a link to a folder outside the project is not walked.
 */
function walk(abs: string, rel: string, state: Walk, above: string[] = []): string[] {
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
    if (entry.isDirectory()) return walk(full, path, state, above);
    if (!entry.isSymbolicLink()) return entry.isFile() ? [path] : [];
    const real = linkedFolder(full);
    if (real === undefined) return [path];
    const here = realOf(abs);
    const ancestor = here === real || here.startsWith(`${real}${sep}`) || above.includes(real);
    if (!state.within(real) || ancestor || state.links <= 0) return [];
    state.links -= 1;
    return walk(full, path, state, [...above, real]);
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
