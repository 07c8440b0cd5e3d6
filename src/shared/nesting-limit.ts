/**
 * How deep JSON, YAML and TOML from outside may nest. Parsers and the code that walks parsed values
 * (schema validation, composing, comparing, JSON.stringify) recurse once per level, so a file nested
 * 100,000 deep would end the process with a stack overflow; registry, settings and bundle files need
 * fewer than ten levels.
 */
export const maxNesting = 64;

/**
 * The offset of the first '[' or '{' past `limit` open ones, outside strings and comments; undefined
 * when none is. Comments are skipped and a string ends at a line break, as the JSON-with-comments
 * parser reads them, so no text that parser would recurse into deeper gets past.
 */
export function jsonTooDeepAt(text: string, limit = maxNesting): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = stringEnd(text, i);
    else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2f) i = lineEnd(text, i);
    else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a) i = commentEnd(text, i);
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/** The offset of the quote that closes the string opened at `open`, or of the line break that cuts it. */
function stringEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22 || c === 0x0a || c === 0x0d) return i;
  }
  return text.length;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf("\n", from);
  return end < 0 ? text.length : end;
}

function commentEnd(text: string, from: number): number {
  const end = text.indexOf("*/", from + 2);
  return end < 0 ? text.length : end + 1;
}

/** Whether a parsed value nests at most `levels` deep (the walk stops one level past it). */
export function depthAtMost(value: unknown, levels = maxNesting): boolean {
  if (value === null || typeof value !== "object") return true;
  if (levels === 0) return false;
  return Object.values(value).every((inner) => depthAtMost(inner, levels - 1));
}

/** "line 3, column 7" of an offset (1-based), for messages of readers that have no position type. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** The message of text nested past the limit: the same words in every reader. */
export function tooDeepMessage(format: "JSON" | "YAML" | "TOML"): string {
  return `${format} nested more than ${maxNesting} levels deep`;
}

/**
 * JSON.parse for text from outside agentc (a bundle, a project's files, a server's answer): text nested
 * past `maxNesting` is refused before anything walks it, as the SyntaxError JSON.parse throws for
 * malformed text, so each reader's existing "not valid JSON (…)" report covers it.
 */
export function parseJson(text: string, reviver?: (key: string, value: unknown) => unknown): unknown {
  const deep = jsonTooDeepAt(text);
  if (deep !== undefined) {
    const { line, column } = lineAndColumn(text, deep);
    throw new SyntaxError(`${tooDeepMessage("JSON")} at position ${deep} (line ${line} column ${column})`);
  }
  return JSON.parse(text, reviver as Parameters<typeof JSON.parse>[1]);
}
