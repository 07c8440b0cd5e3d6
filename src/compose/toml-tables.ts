/** Where each table of a TOML text sits, found by a scanner that knows headers, comments and strings. */
export interface TableBlock {
  /** The header's key path; undefined when the header cannot be read. */
  path: string[] | undefined;
  /** `[[array.of.tables]]` rather than `[table]`. */
  array: boolean;
  /** Offset where the header line starts. */
  start: number;
  /** Offset just after the line break of the block's last line that is not blank or a comment. */
  contentEnd: number;
}

type Mode = "normal" | "multiline-basic" | "multiline-literal";

interface LexState {
  mode: Mode;
  /** Open brackets and braces of a value that spans lines. */
  depth: number;
}

/** The tables of a TOML text in order; keys before the first header belong to no block. */
export function scanTables(text: string): TableBlock[] {
  const blocks: TableBlock[] = [];
  const state: LexState = { mode: "normal", depth: 0 };
  let offset = 0;
  while (offset < text.length) {
    const newline = text.indexOf("\n", offset);
    const next = newline === -1 ? text.length : newline + 1;
    const line = text.slice(offset, next).replace(/\r?\n$/, "");
    const continuing = state.mode !== "normal" || state.depth > 0;
    const trimmed = line.trimStart();
    if (!continuing && trimmed.startsWith("[")) {
      const header = readHeader(trimmed);
      blocks.push({ ...header, start: offset, contentEnd: next });
    } else if (continuing || (trimmed !== "" && !trimmed.startsWith("#"))) {
      lexLine(line, state);
      const current = blocks.at(-1);
      if (current) current.contentEnd = next;
    }
    offset = next;
  }
  return blocks;
}

/** Follows strings, comments and brackets through one line, carrying multi-line state to the next. */
function lexLine(line: string, state: LexState): void {
  let i = 0;
  while (i < line.length) {
    if (state.mode === "multiline-basic") i = closeMultiline(line, i, '"""', state);
    else if (state.mode === "multiline-literal") i = closeMultiline(line, i, "'''", state);
    else {
      const c = line[i];
      if (c === "#") return;
      if (line.startsWith('"""', i)) [state.mode, i] = ["multiline-basic", i + 3];
      else if (line.startsWith("'''", i)) [state.mode, i] = ["multiline-literal", i + 3];
      else if (c === '"') i = endOfBasic(line, i + 1);
      else if (c === "'") i = endOfLiteral(line, i + 1);
      else {
        if (c === "[" || c === "{") state.depth++;
        if (c === "]" || c === "}") state.depth = Math.max(0, state.depth - 1);
        i++;
      }
    }
  }
}

function closeMultiline(line: string, from: number, quotes: string, state: LexState): number {
  let i = from;
  while (i < line.length) {
    if (quotes === '"""' && line[i] === "\\") i += 2;
    else if (line.startsWith(quotes, i)) {
      i += 3;
      for (let extra = 0; extra < 2 && line[i] === quotes[0]; extra++) i++;
      state.mode = "normal";
      return i;
    } else i++;
  }
  return i;
}

/** The offset after the closing quote of a basic string whose body starts at `from`. */
function endOfBasic(line: string, from: number): number {
  let i = from;
  while (i < line.length && line[i] !== '"') i += line[i] === "\\" ? 2 : 1;
  return i + 1;
}

function endOfLiteral(line: string, from: number): number {
  const close = line.indexOf("'", from);
  return close === -1 ? line.length : close + 1;
}

/** Reads `[a."b c".d]` or `[[a.b]]` from the start of a trimmed line. */
export function readHeader(trimmed: string): { path: string[] | undefined; array: boolean } {
  const array = trimmed.startsWith("[[");
  const key = readDottedKey(trimmed, array ? 2 : 1);
  const close = array ? "]]" : "]";
  if (!key || !trimmed.startsWith(close, key.end)) return { path: undefined, array };
  const rest = trimmed.slice(key.end + close.length).trim();
  return { path: rest === "" || rest.startsWith("#") ? key.path : undefined, array };
}

function readDottedKey(text: string, from: number): { path: string[]; end: number } | undefined {
  const path: string[] = [];
  let i = skipBlank(text, from);
  for (;;) {
    const segment = readKeySegment(text, i);
    if (!segment) return undefined;
    path.push(segment.key);
    i = skipBlank(text, segment.end);
    if (text[i] !== ".") return { path, end: i };
    i = skipBlank(text, i + 1);
  }
}

function readKeySegment(text: string, i: number): { key: string; end: number } | undefined {
  if (text[i] === "'") {
    const close = text.indexOf("'", i + 1);
    return close === -1 ? undefined : { key: text.slice(i + 1, close), end: close + 1 };
  }
  if (text[i] === '"') {
    const end = endOfBasic(text, i + 1);
    try {
      return { key: JSON.parse(text.slice(i, end)) as string, end };
    } catch {
      return undefined;
    }
  }
  const bare = /^[A-Za-z0-9_-]+/.exec(text.slice(i))?.[0];
  return bare ? { key: bare, end: i + bare.length } : undefined;
}

function skipBlank(text: string, from: number): number {
  let i = from;
  while (text[i] === " " || text[i] === "\t") i++;
  return i;
}
