/**
 * Fitting the CLI's text to a terminal: lines broken at spaces, each continuation indented (a hanging
 * indent). Colour escapes take no room; a word longer than the line stays whole. Widths count code
 * points, which is the column count of the text agentc prints (no wide East Asian characters of its own).
 */

/** The widest agentc wraps to, however wide the terminal: longer lines are hard to read. */
export const widestLine = 100;

/** The width to wrap to on a terminal `columns` wide, or undefined (no wrapping) when there is none. */
export function wrapWidth(columns: number | undefined): number | undefined {
  return columns === undefined || columns <= 0 ? undefined : Math.min(columns, widestLine);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: colour escapes start with ESC
const colourEscape = /\u001b\[[0-9;]*m/g;

/** The columns a piece of text takes on a terminal. */
export function visibleLength(text: string): number {
  let count = 0;
  for (const _ of text.replace(colourEscape, "")) count++;
  return count;
}

/** One line broken at spaces into lines of at most `width` columns; continuations start with `indent` spaces. */
export function wrapLine(line: string, width: number, indent: number): string[] {
  if (visibleLength(line) <= width) return [line];
  const hang = " ".repeat(Math.min(indent, Math.floor(width / 2)));
  const parts = line.split(/( +)/);
  const lines: string[] = [];
  let current = parts[0] ?? "";
  let hasWord = current !== "";
  for (let i = 1; i < parts.length; i += 2) {
    const gap = parts[i] ?? "";
    const word = parts[i + 1] ?? "";
    if (word === "") current += gap;
    else if (hasWord && visibleLength(current) + gap.length + visibleLength(word) > width) {
      lines.push(current);
      current = `${hang}${word}`;
    } else current += `${gap}${word}`;
    hasWord ||= word !== "";
  }
  lines.push(current);
  return lines;
}

/** How much deeper than its line a continuation starts, so it does not read as a line of its own. */
const hangingIndent = 4;

/** Every line of `text` wrapped to `width` (none when undefined), each continuation 4 deeper than its line. */
export function fitText(text: string, width: number | undefined): string {
  if (width === undefined) return text;
  return text
    .split("\n")
    .flatMap((line) => wrapLine(line, width, leadingSpaces(line) + hangingIndent))
    .join("\n");
}

function leadingSpaces(line: string): number {
  return line.length - line.trimStart().length;
}
