import { sha256 } from "../shared/hash.js";
import type { SourceFiles } from "./model.js";

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The digest agentc.lock records for a dependency's content: `sha256:` and the sha256 of its listing, one
 * line `<hex> <x|-> <path>` per file sorted by path (`x`: executable), so the same files give the same
 * digest wherever they came from.
 */
export function contentDigest(content: SourceFiles): string {
  const lines = [...content.files.keys()]
    .sort(byCodePoint)
    .map(
      (path) =>
        `${sha256(content.files.get(path) ?? "")} ${content.executables.has(path) ? "x" : "-"} ${path}\n`,
    );
  return `sha256:${sha256(lines.join(""))}`;
}
