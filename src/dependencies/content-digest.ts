import { sha256 } from "../shared/hash.js";

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The digest agentc.lock records for a dependency's content: `sha256:` and the sha256 of its `sha256sum`
 * listing (`<hex>  <path>` per file, sorted by path), so the same files give the same digest wherever they
 * came from.
 */
export function contentDigest(files: ReadonlyMap<string, Uint8Array>): string {
  const lines = [...files.keys()]
    .sort(byCodePoint)
    .map((path) => `${sha256(files.get(path) ?? "")}  ${path}\n`);
  return `sha256:${sha256(lines.join(""))}`;
}
