import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../../src/shared/hash.js";

/**
 * Every path of a folder, not following links: "file <mode> <sha256>", "link <target>" or "dir <mode>". Two
 * equal results mean the same files, bytes, modes and links (installer-safety case 25).
 */
export function treeHash(dir: string): Record<string, string> {
  return describeTree(dir, (abs) => sha256(readFileSync(abs)));
}

/** Every path below `dir` but the skipped ones: "file <mode> <what fileText says>", "link <target>" or "dir <mode>". */
export function describeTree(
  dir: string,
  fileText: (abs: string) => string,
  skipped: (path: string) => boolean = () => false,
): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      if (skipped(path)) continue;
      const abs = join(dir, path);
      const stat = lstatSync(abs);
      const mode = (stat.mode & 0o7777).toString(8);
      if (stat.isSymbolicLink()) out[path] = `link ${readlinkSync(abs)}`;
      else if (stat.isDirectory()) {
        out[path] = `dir ${mode}`;
        visit(path);
      } else out[path] = `file ${mode} ${fileText(abs)}`;
    }
  };
  visit("");
  return out;
}
