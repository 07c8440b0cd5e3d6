import type { JsonPath } from "./json-document.js";

/**
 * A frontmatter block of the form most rule files use, read without the yaml library: one `key: value`
 * per line, where a value is a plain string that starts with a letter, a quoted string without escapes,
 * a flow list of quoted strings or plain words (`globs: ["src/**", "test/**"]`, `tools: [read, grep]`),
 * or a block list of plain or quoted strings (`key:` then `  - "src/**"` lines, all at one indent).
 * Anything else (comments, nested mappings, numbers, booleans, escapes, anchors, a repeated key) is left to
 * the library, which also says what is wrong. test/documents/yaml-simple-block.test.ts checks on random
 * blocks that every block read here gives the library's value and positions.
 */
export interface SimpleBlock {
  value: Record<string, unknown>;
  /** The offset a path points at in the block, as the library's document gives it. */
  offsetOf(path: JsonPath, part?: "key" | "value"): number;
  /** 1-based line and column of an offset. */
  linePos(offset: number): { line: number; col: number };
}

interface Entry {
  keyAt: number;
  valueAt: number;
  value: string | string[];
  itemsAt?: number[];
}

const key = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Words YAML reads as null or a boolean, as a key or a plain value. */
const reserved = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
/** Characters that stand for themselves in every scalar form read here: no control, tab or line separator. */
const plainChars = "\\x20-\\x7e\\u00a0-\\u2027\\u202a-\\ud7ff\\ue000-\\ufefe\\uff00-\\ufffd";
const plain = new RegExp(`^[A-Za-z][${plainChars}]*$`);
const doubleQuoted = new RegExp(
  `^"([${plainChars.replace("\\x20-\\x7e", "\\x20\\x21\\x23-\\x5b\\x5d-\\x7e")}]*)"`,
);
const singleQuoted = new RegExp(`^'([${plainChars.replace("\\x20-\\x7e", "\\x20-\\x26\\x28-\\x7e")}]*)'`);
/** A plain word inside a flow list: a letter, then letters, digits and a few path characters. */
const flowWord = /^[A-Za-z][A-Za-z0-9_./*+-]*/;
/** A key whose value is the block list on the lines below it. */
const listKey = /^([A-Za-z_][A-Za-z0-9_-]*):$/;
/** An item of a block list: indent, dash, spaces, the value. */
const listItem = /^( *)- +(?=\S)/;

/** The block read as above, or undefined when it is not of that form. */
export function simpleYamlBlock(text: string, maxEntries: number): SimpleBlock | undefined {
  const lines = text.split("\n");
  if (lines.length > maxEntries) return undefined;
  const starts = lineStarts(lines);
  const entries = new Map<string, Entry>();
  let items = 0;
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at] ?? "";
    const list = listKey.exec(line);
    const entry = list ? blockList(list[1] ?? "", lines, starts, at) : readLine(line, starts[at] ?? 0);
    if (!entry || entries.has(entry.name)) return undefined;
    entries.set(entry.name, entry);
    if (Array.isArray(entry.value)) items += entry.value.length;
    if (list) at += entry.value.length;
  }
  if (lines.length + items > maxEntries) return undefined;
  const value: Record<string, unknown> = {};
  for (const [name, entry] of entries)
    value[name] = Array.isArray(entry.value) ? [...entry.value] : entry.value;
  return {
    value,
    offsetOf: (path, part = "value") => offsetOf(entries, path, part),
    linePos: (at) => linePos(starts, at),
  };
}

function readLine(line: string, offset: number): (Entry & { name: string }) | undefined {
  const colon = line.indexOf(": ");
  if (colon < 0) return undefined;
  const name = line.slice(0, colon);
  if (!key.test(name) || reserved.test(name)) return undefined;
  let at = colon + 2;
  while (line[at] === " ") at++;
  const written = line.slice(at);
  const valueAt = offset + at;
  if (written.startsWith("[")) {
    const list = flowList(written, valueAt);
    return list && { name, keyAt: offset, valueAt, value: list.values, itemsAt: list.offsets };
  }
  const scalar = quoted(written) ?? plainScalar(written);
  return scalar === undefined ? undefined : { name, keyAt: offset, valueAt, value: scalar };
}

function lineStarts(lines: readonly string[]): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  return starts;
}

/** The entry of `name` (key on line `keyLine`) and its block list: the lines below it at one indent. */
function blockList(
  name: string,
  lines: readonly string[],
  starts: readonly number[],
  keyLine: number,
): (Entry & { name: string; value: string[] }) | undefined {
  if (reserved.test(name)) return undefined;
  const values: string[] = [];
  const itemsAt: number[] = [];
  let indent: string | undefined;
  for (let at = keyLine + 1; at < lines.length; at++) {
    const line = lines[at] ?? "";
    const item = listItem.exec(line);
    if (!item || (indent !== undefined && item[1] !== indent)) break;
    indent = item[1];
    const written = line.slice(item[0].length);
    const value = quoted(written) ?? plainScalar(written);
    if (value === undefined) return undefined;
    values.push(value);
    itemsAt.push((starts[at] ?? 0) + item[0].length);
  }
  if (values.length === 0) return undefined;
  const valueAt = (starts[keyLine + 1] ?? 0) + (indent?.length ?? 0);
  return { name, keyAt: starts[keyLine] ?? 0, valueAt, value: values, itemsAt };
}

function plainScalar(written: string): string | undefined {
  if (!plain.test(written) || reserved.test(written)) return undefined;
  if (written.includes(" #") || written.includes(": ") || written.endsWith(":") || written.endsWith(" "))
    return undefined;
  return written;
}

/** A whole value that is one quoted string. */
function quoted(written: string): string | undefined {
  const match = quotedAt(written);
  return match && match[0].length === written.length ? match[1] : undefined;
}

function quotedAt(text: string): RegExpExecArray | null {
  return doubleQuoted.exec(text) ?? singleQuoted.exec(text);
}

/** `["a", 'b', c]`: quoted strings or plain words between spaces and commas; `[]`. */
function flowList(written: string, valueAt: number): { values: string[]; offsets: number[] } | undefined {
  if (!written.endsWith("]")) return undefined;
  const values: string[] = [];
  const offsets: number[] = [];
  let at = skipSpaces(written, 1);
  if (written[at] === "]") return at === written.length - 1 ? { values, offsets } : undefined;
  for (;;) {
    const rest = written.slice(at);
    const match = quotedAt(rest) ?? plainWordAt(rest);
    if (!match) return undefined;
    values.push(match[1] ?? "");
    offsets.push(valueAt + at);
    at = skipSpaces(written, at + match[0].length);
    if (written[at] === "]") return at === written.length - 1 ? { values, offsets } : undefined;
    if (written[at] !== ",") return undefined;
    at = skipSpaces(written, at + 1);
  }
}

/** A plain word as quotedAt gives a quoted string: the whole match, then the value. */
function plainWordAt(text: string): [string, string] | undefined {
  const word = flowWord.exec(text)?.[0];
  return word === undefined || reserved.test(word) ? undefined : [word, word];
}

function skipSpaces(text: string, from: number): number {
  let at = from;
  while (text[at] === " ") at++;
  return at;
}

/** As the library's document: a path that leaves the block stops at the last node it found. */
function offsetOf(entries: ReadonlyMap<string, Entry>, path: JsonPath, part: "key" | "value"): number {
  const [first, second] = path;
  const entry = typeof first === "string" ? entries.get(first) : undefined;
  if (!entry) return 0;
  if (path.length === 1) return part === "key" ? entry.keyAt : entry.valueAt;
  const item = typeof second === "number" ? entry.itemsAt?.[second] : undefined;
  return item ?? entry.valueAt;
}

function linePos(starts: readonly number[], offset: number): { line: number; col: number } {
  let line = starts.length - 1;
  while (line > 0 && (starts[line] ?? 0) > offset) line--;
  return { line: line + 1, col: offset - (starts[line] ?? 0) + 1 };
}
