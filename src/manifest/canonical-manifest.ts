import type { Manifest } from "./manifest-model.js";

/**
 * The canonical text: two-space indent, keys in the fixed order of the model, one list element per line,
 * '\n' line ends, a final newline. A line-based reader can rely on it (docs/manifest.md).
 */
export function serializeManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
