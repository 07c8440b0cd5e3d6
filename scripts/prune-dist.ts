import { existsSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { packageRoot } from "../src/shared/package-paths.js";

/**
 * Build step (npm "postbuild", first): removes the compiled files in dist/ whose TypeScript source is gone.
 * tsc never deletes output, so a moved or deleted test would otherwise still run from dist/test/, and a
 * deleted module would still be importable from dist/src/.
 */
const compiledFolders = ["src", "test", "bench", "scripts"];
const outputs = /\.(d\.ts|js)$/;

/** Removes the outputs without a source below `distDir`, then the folders that are left empty. */
function pruneFolder(distDir: string, sourceDir: string): number {
  let removed = 0;
  for (const entry of readdirSync(distDir, { withFileTypes: true })) {
    const dist = join(distDir, entry.name);
    const source = join(sourceDir, entry.name);
    if (entry.isDirectory()) {
      removed += pruneFolder(dist, source);
      if (readdirSync(dist).length === 0) rmdirSync(dist);
    } else if (outputs.test(entry.name) && !existsSync(source.replace(outputs, ".ts"))) {
      rmSync(dist);
      removed++;
    }
  }
  return removed;
}

/** Removes them below `root`/dist; returns how many files went. */
export function pruneDist(root: string): number {
  let removed = 0;
  for (const folder of compiledFolders) {
    const distDir = join(root, "dist", folder);
    if (existsSync(distDir)) removed += pruneFolder(distDir, join(root, folder));
  }
  return removed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const removed = pruneDist(packageRoot);
  if (removed > 0) process.stdout.write(`prune-dist: removed ${removed} files whose source is gone\n`);
}
