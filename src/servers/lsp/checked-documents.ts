import { existsSync } from "node:fs";
import { dirname, extname, join, relative, sep } from "node:path";
import { registryFileIn } from "../../registry/registry-folder.js";

/**
 * The kinds of file whose opening or saving starts a check: SKILL.md, rules and instruction files such as
 * AGENTS.md (Markdown), .mdc rules, settings, hook and MCP files (JSON, JSONC, TOML, YAML).
 */
const checkedExtensions = new Set([".md", ".mdc", ".json", ".jsonc", ".toml", ".yaml", ".yml"]);

export function isCheckedDocument(path: string): boolean {
  return checkedExtensions.has(extname(path).toLowerCase());
}

/**
 * The folder a document is checked in: the innermost workspace folder holding it; outside every workspace
 * folder, the nearest folder above it that is a registry or a git work tree, else its own folder.
 */
export function folderOf(path: string, workspaceFolders: readonly string[]): string {
  const holding = workspaceFolders.filter((root) => isInside(path, root)).sort((a, b) => b.length - a.length);
  if (holding[0] !== undefined) return holding[0];
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (registryFileIn(dir) || existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return dirname(path);
  }
}

function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep);
}
