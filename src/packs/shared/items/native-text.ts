import { maxNameLength, portableName } from "../../../core/core-names.js";
import { slugify } from "../../../shared/slug.js";

/** A name in the portable form core/ needs (lowercase words joined by "-"), or "imported" for none. */
export function portable(name: string): string {
  if (portableName.test(name) && name.length <= maxNameLength) return name;
  return slugify(name) || "imported";
}

/**
 * A description for an item that has none: its first line of text, without a Markdown heading or list mark
 * or a `description:` written into the body; lines of no word (`---`), code fences and comments are passed over.
 */
export function firstLineOf(body: string): string | undefined {
  const line = body
    .split("\n")
    .map((l) =>
      l
        .replace(/^\s*#+\s*/, "")
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
        .replace(/^description:\s*/i, "")
        .trim(),
    )
    .find((l) => /[\p{L}\p{N}]/u.test(l) && !l.startsWith("```") && !l.startsWith("<!--"));
  if (line === undefined) return undefined;
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** The path inside a folder, without the folder and without one of the extensions. */
export function pathInside(folder: string, path: string, extension: string): string {
  const inner = folder === "" ? path : path.slice(folder.length + 1);
  return inner.endsWith(extension) ? inner.slice(0, -extension.length) : inner;
}

/** Text with line ends as the registry writes them. */
export function normalised(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

/** The reverse of a pack's placeholder substitution: each value (longest first) back to its placeholder. */
export function unsubstitute(text: string, placeholders: Record<string, string>): string {
  const byLength = Object.entries(placeholders)
    .filter(([, value]) => value !== "")
    .sort(([, a], [, b]) => b.length - a.length);
  let out = text;
  for (const [name, value] of byLength) out = out.split(value).join(name);
  return out;
}
