import { visibleLength, wrapLine } from "../wrap.js";

/**
 * Markdown (CAPABILITIES.md, a check's page) laid out for a terminal `width` columns wide: a table that fits
 * becomes aligned columns; one that does not becomes one record per row (its first cell, then each other
 * cell that is not blank under its column's name); a list item wraps under its text, a paragraph flush, a
 * line of a fenced code block 4 deeper than it starts (a continuation, not a line of the code).
 */
export function markdownForTerminal(markdown: string, width: number): string {
  const lines = markdown.split("\n");
  const out: string[] = [];
  let inCode = false;
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] ?? "";
    if (!inCode && isTableLine(line)) {
      const start = i;
      while (isTableLine(lines[i])) i++;
      out.push(...tableForTerminal(lines.slice(start, i).map(cells), width));
      continue;
    }
    if (isFence(line)) inCode = !inCode;
    out.push(...wrapLine(line, width, inCode ? leadingSpaces(line) + 4 : hangingIndent(line)));
    i++;
  }
  return out.join("\n");
}

const isTableLine = (line: string | undefined): boolean => line?.startsWith("|") === true;
const isFence = (line: string): boolean => /^\s*(```|~~~)/.test(line);
const leadingSpaces = (line: string): number => line.length - line.trimStart().length;

/** A list item continues under its text ("- ", "12. "); a paragraph under its own start. */
function hangingIndent(line: string): number {
  const item = /^(\s*)(?:[-*]|\d+\.) /.exec(line);
  return item ? item[0].length : leadingSpaces(line);
}

/** The cells of one table line, "\|" read as a pipe; the line under the header gives "---" cells. */
function cells(line: string): string[] {
  return line
    .replace(/^\|\s?/, "")
    .replace(/\s?\|$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replaceAll("\\|", "|"));
}

const isRule = (row: readonly string[]): boolean => row.every((cell) => /^:?-+:?$/.test(cell));

function tableForTerminal(table: string[][], width: number): string[] {
  const [head = [], ...rest] = table;
  const rows = rest.filter((row) => !isRule(row));
  const widths = head.map((h, c) =>
    Math.max(visibleLength(h), ...rows.map((r) => visibleLength(r[c] ?? ""))),
  );
  const aligned = (row: readonly string[]) =>
    row
      .map((cell, c) => cell + " ".repeat(Math.max(0, (widths[c] ?? 0) - visibleLength(cell))))
      .join("  ")
      .trimEnd();
  if (widths.reduce((sum, w) => sum + w + 2, 0) - 2 <= width) return [head, ...rows].map(aligned);
  const nameWidth = Math.max(...head.slice(1).map(visibleLength));
  return rows.flatMap((row) => [
    ...wrapLine(row[0] ?? "", width, 2),
    ...head.slice(1).flatMap((name, c) => {
      const cell = row[c + 1] ?? "";
      return isBlank(cell)
        ? []
        : wrapLine(`    ${name.padEnd(nameWidth)}  ${cell}`, width, 4 + nameWidth + 2);
    }),
  ]);
}

/** An empty cell, or the dash a table puts where a row has nothing for a column: left out of a record. */
const isBlank = (cell: string): boolean => cell === "" || cell === "–" || cell === "-";
