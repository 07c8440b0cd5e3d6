import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { nearestName } from "../nearest-name.js";

/**
 * For a path that does not exist: the entry beside it with the nearest name (a misspelt folder or file),
 * written as the path was ("buidl" → "build", "out/bundel.zip" → "out/bundle.zip"); undefined if none.
 */
export function nearestSibling(path: string): string | undefined {
  const trimmed = path.replace(/[\\/]+$/, "");
  const parent = dirname(trimmed);
  let names: string[];
  try {
    names = readdirSync(parent).sort();
  } catch {
    return undefined;
  }
  const near = nearestName(basename(trimmed), names);
  return near === undefined
    ? undefined
    : parent === "." && !trimmed.startsWith(".")
      ? near
      : join(parent, near);
}
