import { agentcDir } from "./agentc-dir.js";

/**
 * Where agentc keeps the person's own files it took over (docs/installer.md, "Files agentc took over"): each
 * at its project path below this folder, so it can be found by name and is given back by a rename (the same
 * bytes, mode and inode).
 */
export const originalsDir = `${agentcDir}/originals`;

/** The place of the person's original of a taken-over project file. */
export function originalPath(path: string): string {
  return `${originalsDir}/${path}`;
}
