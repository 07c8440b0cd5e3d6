import { lstatSync, readdirSync, readlinkSync } from "node:fs";
import { join } from "node:path";
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
    filesUnder: (dir) => walk(at(dir), dir.replace(/\/+$/, "")).sort(byCodePoint),
  };
}

function walk(abs: string, rel: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const path = joinPath(rel, entry.name);
    if (entry.isDirectory()) return walk(join(abs, entry.name), path);
    return entry.isFile() || entry.isSymbolicLink() ? [path] : [];
  });
}
