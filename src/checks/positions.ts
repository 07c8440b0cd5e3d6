import type { Position } from "../diagnostics/diagnostic.js";
import type { JsonPath } from "../registry/json-document.js";
import type { ResolvedAdapter, Rule } from "../registry/model.js";

/** Where a field of an adapter is written; falls back to the adapter object when the field is inherited. */
export function adapterFieldPosition(resolved: ResolvedAdapter, path: JsonPath): Position {
  return resolved.origin.document.positionOf([...resolved.origin.path, ...path]);
}

/**
 * File position of a character of rule.text. Line 0 of the text is the heading line. A rule may carry
 * its own frontmatter block right under its heading; that block is not part of rule.text, so its lines
 * are skipped. The block's closing line is taken to follow its last field (exact for one-line values).
 */
export function ruleTextPosition(rule: Rule, textLine: number, column: number): Position {
  if (textLine === 0) return { file: rule.file, line: rule.heading.line, column };
  const skipped = ownBlockLineCount(rule);
  return { file: rule.file, line: rule.heading.line + skipped + textLine, column };
}

function ownBlockLineCount(rule: Rule): number {
  const ownLines = Object.values(rule.fields)
    .map((p) => p.line)
    .filter((line) => line > rule.heading.line);
  if (ownLines.length === 0) return 0;
  return Math.max(...ownLines) + 1 - rule.heading.line;
}

/** How messages name an adapter: its id, and its display name when it has one. */
export function adapterLabel(resolved: ResolvedAdapter): string {
  const name = resolved.adapter.name;
  return name ? `"${resolved.adapter.id}" (${name})` : `"${resolved.adapter.id}"`;
}
