import { relative } from "node:path";
import { tempSuffix } from "./agentc-dir.js";

/** The codes of a full disk or an exhausted quota. */
const noSpaceCodes: readonly string[] = ["ENOSPC", "EDQUOT"];

export function isNoSpace(error: unknown): error is NodeJS.ErrnoException {
  return noSpaceCodes.includes((error as NodeJS.ErrnoException | undefined)?.code ?? "");
}

/** "no space left on the device (writing docs/notes.md)": what ran full and where, relative to `root`. */
export function noSpaceText(error: NodeJS.ErrnoException, root?: string): string {
  const what = error.code === "EDQUOT" ? "the disk quota is used up" : "no space left on the device";
  const path = error.path;
  if (path === undefined) return what;
  const shown = root ? relative(root, path) || "." : path;
  return `${what} (writing ${shown.endsWith(tempSuffix) ? shown.slice(0, -tempSuffix.length) : shown})`;
}
