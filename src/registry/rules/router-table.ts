import type { Position } from "../../diagnostics/diagnostic.js";
import type { Rule } from "../model.js";
import { ruleTextPosition } from "./rule-position.js";

export interface RouterRow {
  key: string;
  slug: string;
  position: Position;
}

/**
 * Rows of the Markdown table(s) in the router rule: first cell the trigger key, second the rule slug
 * (backticks and surrounding spaces ignored). Header rows (followed by a |---| line) are skipped.
 */
export function routerRows(router: Rule): RouterRow[] {
  const lines = router.text.split("\n");
  const rows: RouterRow[] = [];
  for (const [index, line] of lines.entries()) {
    if (!line.trimStart().startsWith("|") || isSeparator(line)) continue;
    if (isSeparator(lines[index + 1] ?? "")) continue;
    const cells = line
      .trim()
      .replace(/^\||\|$/g, "")
      .split("|")
      .map(cleanCell);
    const [key, slug] = cells;
    if (!key || slug === undefined) continue;
    rows.push({
      key,
      slug,
      position: ruleTextPosition(router, index, line.indexOf("|") + 1),
    });
  }
  return rows;
}

function isSeparator(line: string): boolean {
  return /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line);
}

function cleanCell(cell: string): string {
  return cell
    .trim()
    .replace(/^`+|`+$/g, "")
    .trim();
}
