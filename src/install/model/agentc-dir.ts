import { lstatSync, readlinkSync } from "node:fs";
import { join, posix } from "node:path";
import { foldedKey } from "../../shared/path-check.js";
import { userAgentcDir, userScopeHome } from "./user-home.js";

/** agentc's own folder in a project: the install record, the manifest copy, the journal, the lock. */
export const agentcDir = ".agentc";
/** The suffix of a file agentc writes before renaming it into place. */
export const tempSuffix = ".agentc-tmp";

/**
 * agentc's own folder for the install at `root`, relative to it: `.agentc` in a project; for the user scope (the
 * person's home folder itself) `$XDG_CONFIG_HOME/agentc/user`, so that nothing of agentc's lies in HOME's root.
 */
export function agentcDirOf(root: string): string {
  return root === userScopeHome() ? (userAgentcDir(root) ?? agentcDir) : agentcDir;
}

/**
 * The outermost folder at `root` that only agentc makes (`.agentc`; for the user scope `<config>/agentc`): while
 * it is there, a run may have been cut short before it wrote its journal, and the next one cleans it up.
 */
export function agentcOwnDir(root: string): string {
  const dir = agentcDirOf(root);
  return dir === agentcDir ? dir : posix.dirname(dir);
}

/** A file in agentc's own folder of the install at `root`, relative to `root`. */
export function agentcPath(root: string, name: string): string {
  return `${agentcDirOf(root)}/${name}`;
}

/**
 * Why a project path from a manifest or a record may not be used: it is agentc's folder or lies inside it
 * (also under case folding: `.AGENTC/x` is the same file on macOS and Windows). Installing there would let a
 * bundle overwrite its own install record or journal.
 */
export function agentcDirProblem(path: string): string | undefined {
  const first = path.split("/", 1)[0] ?? "";
  if (foldedKey(first) !== agentcDir) return undefined;
  return `lies in ${agentcDir}/, agentc's own folder (the install record, journal and lock), which no component may own`;
}

/** Why the project's `.agentc` cannot hold the record (it is a link or not a folder), or undefined. */
export function agentcDirStateProblem(root: string): string | undefined {
  const dir = agentcDirOf(root);
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(join(root, dir));
  } catch {
    return undefined;
  }
  if (stat.isDirectory()) return undefined;
  const what = stat.isSymbolicLink()
    ? `a symbolic link (to ${readlinkSync(join(root, dir))})`
    : "not a folder";
  return `${dir} is ${what}; agentc keeps its install record there and never reads or writes through a link — move it away (agentc did not make it) and run again`;
}
