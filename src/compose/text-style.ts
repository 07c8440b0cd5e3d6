/** How a file lays out its text, so edits look like the rest of it. */
export interface TextStyle {
  eol: "\n" | "\r\n";
  /** One level of indentation: a tab or some spaces. */
  indent: string;
}

const defaultIndent = "  ";

export function detectStyle(text: string): TextStyle {
  return { eol: text.includes("\r\n") ? "\r\n" : "\n", indent: detectIndent(text) };
}

/** A tab if the first indented line starts with one, else the smallest run of leading spaces. */
function detectIndent(text: string): string {
  let smallest = 0;
  for (const line of text.split("\n")) {
    const lead = /^[ \t]*/.exec(line)?.[0] ?? "";
    if (lead === "" || lead.length === line.replace(/\r$/, "").length) continue;
    if (lead.startsWith("\t")) return smallest === 0 ? "\t" : " ".repeat(smallest);
    if (smallest === 0 || lead.length < smallest) smallest = lead.length;
  }
  return smallest === 0 ? defaultIndent : " ".repeat(smallest);
}

export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

/** Offset of the line break (or the end of the text) after `offset`; a CR before LF belongs to the break. */
export function lineEnd(text: string, offset: number): number {
  const newline = text.indexOf("\n", offset);
  if (newline === -1) return text.length;
  return text[newline - 1] === "\r" && newline - 1 >= offset ? newline - 1 : newline;
}

/** The offset just after the line break that ends the line holding `offset`. */
export function nextLineStart(text: string, offset: number): number {
  const newline = text.indexOf("\n", offset);
  return newline === -1 ? text.length : newline + 1;
}

/** The spaces and tabs that open the line holding `offset`. */
export function leadingIndent(text: string, offset: number): string {
  const start = lineStart(text, offset);
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? "";
}

export function isBlank(text: string): boolean {
  return /^[ \t\r\n]*$/.test(text);
}

export interface Edit {
  offset: number;
  length: number;
  content: string;
}

/**
 * Applies edits that do not overlap, from the last to the first so offsets stay valid;
 * insertions at one offset end up in the order they are listed.
 */
export function applyTextEdits(text: string, edits: Edit[]): string {
  let result = text;
  const order = edits.map((edit, index) => ({ edit, index }));
  order.sort((a, b) => b.edit.offset - a.edit.offset || b.index - a.index);
  for (const { edit } of order) {
    result = result.slice(0, edit.offset) + edit.content + result.slice(edit.offset + edit.length);
  }
  return result;
}
