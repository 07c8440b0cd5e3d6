import { jsonDocument } from "../documents/json-document.js";
import { manifestFileName } from "./manifest-model.js";

/**
 * Names the manifest line that holds one element of a list, with its number and text, so that a refusal says
 * which line asked for it: `manifest.json line 57 (install.components.x.adopt): "package.json :: block"`.
 */
export type ManifestLineOf = (list: readonly string[], element: string) => string;

/** For a manifest read from `text` (any JSON layout: the canonical one puts each element on a line of its own). */
export function manifestLineOf(text: string, value: unknown): ManifestLineOf {
  const document = jsonDocument(manifestFileName, text, value);
  const lines = text.split("\n");
  return (list, element) => {
    const at = listAt(value, list).indexOf(element);
    if (at < 0) return unlocatedLine(list, element);
    const { line } = document.positionOf([...list, at]);
    const shown = (lines[line - 1] ?? "").trim().replace(/,$/, "");
    return `${manifestFileName} line ${line} (${list.join(".")}): ${shown}`;
  };
}

/** Where no manifest text is at hand (a plan made in memory): the list and the element. */
export const unlocatedLine: ManifestLineOf = (list, element) =>
  `${manifestFileName} ${list.join(".")}: ${JSON.stringify(element)}`;

function listAt(value: unknown, path: readonly string[]): unknown[] {
  let at = value;
  for (const key of path)
    at = at !== null && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined;
  return Array.isArray(at) ? at : [];
}
