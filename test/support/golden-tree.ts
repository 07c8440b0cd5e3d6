import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** A golden tree: '/'-separated relative path → file text. */
export type Tree = Map<string, string>;

export const updatingGoldens = process.env.UPDATE_GOLDEN === "1";

/** Every file below `root` (empty when `root` does not exist). */
export function readTree(root: string): Tree {
  const tree: Tree = new Map();
  if (!existsSync(root)) return tree;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else tree.set(relative(root, path).split("\\").join("/"), readFileSync(path, "utf8"));
    }
  };
  walk(root);
  return tree;
}

/** Replaces `root` with exactly `tree` (UPDATE_GOLDEN=1). */
export function writeTree(root: string, tree: Tree): void {
  rmSync(root, { recursive: true, force: true });
  for (const [path, text] of tree) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

export const sorted = (names: Iterable<string>): string[] => [...names].sort();
