import type { Document, LineCounter, Node } from "yaml";
import { type CheckMeta, diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import { LineIndex } from "../diagnostics/positions.js";
import { depthAtMost, tooDeepMessage } from "../shared/nesting-limit.js";
import { yamlLibrary } from "../shared/on-first-use.js";
import { countWork } from "../shared/work-counts.js";
import { limitFinding } from "./checks/input-within-limits.js";
import { inputLimits } from "./input-limits.js";
import type { JsonPath } from "./json-document.js";
import { aliasValueHint, quoteHintAt } from "./yaml-quote-hint.js";
import { simpleYamlBlock } from "./yaml-simple-block.js";
import { unusedAnchorAt } from "./yaml-unused-anchor.js";

export interface ParsedYaml {
  value: Record<string, unknown>;
  positionOf(path: JsonPath, part?: "key" | "value"): Position;
}

export interface YamlError {
  position: Position;
  message: string;
  /** Past an input limit (AGC106) rather than malformed. */
  limit?: true;
  /** Advice for this error, when it is more precise than the check's own (quote the value). */
  hint?: string;
}

/**
 * Parses a YAML block whose first line is `firstLine` (1-based) of `file`: a block of plain `key: value`
 * lines without the yaml library (yaml-simple-block.ts, the same value and positions), any other with it.
 */
export function parseYamlBlock(
  file: string,
  text: string,
  firstLine: number,
): { parsed?: ParsedYaml; errors: YamlError[] } {
  const simple = simpleYamlBlock(text, inputLimits.yamlEntries);
  if (!simple) return parseYamlBlockWithLibrary(file, text, firstLine);
  const positionOf = (path: JsonPath, part?: "key" | "value"): Position => {
    const { line, col } = simple.linePos(simple.offsetOf(path, part));
    return { file, line: line + firstLine - 1, column: col };
  };
  return { parsed: { value: simple.value, positionOf }, errors: [] };
}

/** parseYamlBlock with the yaml library for every block (what the simple reader is compared with). */
export function parseYamlBlockWithLibrary(
  file: string,
  text: string,
  firstLine: number,
): { parsed?: ParsedYaml; errors: YamlError[] } {
  const parsedOrPast = parsedText(text);
  if ("past" in parsedOrPast) {
    const { offset, message, hint } = parsedOrPast.past;
    const { line, column } = new LineIndex(file, text).position(offset);
    const position = { file, line: line + firstLine - 1, column };
    return { errors: [{ position, message, limit: true, ...(hint ? { hint } : {}) }] };
  }
  const { document, lineCounter } = parsedOrPast;
  const toPosition = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line: line + firstLine - 1, column: col };
  };
  const errors = document.errors.map((e) => {
    const position = toPosition(e.pos[0]);
    const quote = quoteHintAt(text, lineCounter.linePos(e.pos[0]).line);
    return {
      position,
      message: `malformed YAML: ${e.message.split("\n")[0] ?? e.code}`,
      ...(quote ? { hint: quote.hint } : {}),
    };
  });
  if (errors.length > 0) return { errors };
  const value = blockValue(document);
  if (value instanceof UnresolvedAlias) {
    const quote = aliasValueHint(text);
    const position = quote ? { file, line: quote.line + firstLine - 1, column: quote.column } : toPosition(0);
    const message = `malformed YAML: ${value.message}`;
    return { errors: [{ position, message, ...(quote ? { hint: quote.hint } : {}) }] };
  }
  if (value === tooManyAliases || value === tooDeep) {
    const message =
      value === tooManyAliases
        ? `YAML aliases expand more than ${inputLimits.yamlAliases} times`
        : tooDeepMessage("YAML");
    return { errors: [{ position: toPosition(0), message, limit: true }] };
  }
  const unused = unusedAnchorAt(document);
  if (unused) {
    const line = lineCounter.linePos(unused.offset).line;
    const quote = quoteHintAt(text, line);
    const position = quote
      ? { file, line: line + firstLine - 1, column: quote.column }
      : toPosition(unused.offset);
    const message = `malformed YAML: "&${unused.anchor}" is read as an anchor that nothing refers to, and dropped from the value`;
    return { errors: [{ position, message, ...(quote ? { hint: quote.hint } : {}) }] };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      errors: [{ position: toPosition(0), message: "frontmatter must be a mapping of keys to values" }],
    };
  }
  return {
    parsed: {
      value: value as Record<string, unknown>,
      positionOf: (path, part) => toPosition(offsetOf(document, path, part)),
    },
    errors: [],
  };
}

/** Where the text first goes past the nesting or entry limit, before the parser sees it; undefined when it does not. */
function pastLimitsAt(text: string): PastLimits["past"] | undefined {
  const deep = flowTooDeepAt(text, inputLimits.nesting);
  if (deep !== undefined) return { offset: deep, message: tooDeepMessage("YAML") };
  const crowded = entryPastLimitAt(text, inputLimits.yamlEntries);
  if (crowded === undefined) return undefined;
  return {
    offset: crowded,
    message: `YAML holds more than ${inputLimits.yamlEntries} keys and list items; this is the next one`,
    hint: "Frontmatter needs a few dozen keys: move long lists and data into the body or a file of their own.",
  };
}

/** The lexer's tokens that open a key's value or a list item: ':', '-' and the comma between flow items. */
const entryTokens = new Set(["map-value-ind", "seq-item-ind", "comma"]);

/**
 * The offset of the first key or list item past `limit`, counted on the lexer's tokens (linear, and it
 * stops there): the parser compares each key with every other key of its mapping, so 60,000 keys took
 * minutes.
 */
export function entryPastLimitAt(text: string, limit: number): number | undefined {
  const { CST, Lexer } = yamlLibrary();
  // Tokens the lexer yields as markers, with no text of their own.
  const markers = new Set([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);
  let entries = 0;
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (entryTokens.has(CST.tokenType(token) ?? "") && ++entries > limit) return offset;
    if (!markers.has(token)) offset += token.length;
  }
  return undefined;
}

/**
 * A YAML mapping from outside the registry (a skill file in a project, an emitted file), held to the same
 * limits; undefined when it is malformed, past a limit, or not a mapping.
 */
export function yamlMapping(text: string): Record<string, unknown> | undefined {
  return parseYamlBlock("", text, 1).parsed?.value;
}

/**
 * The offset of the first flow '[' or '{' past `limit` open ones, outside quoted scalars and comments:
 * the parser recurses once per flow level, so deeper text never reaches it (a stack overflow inside
 * the regular-expression compiler would end the process).
 */
export function flowTooDeepAt(text: string, limit: number): number | undefined {
  let depth = 0;
  let quote = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === '"' && c === "\\") i++;
    else if (quote !== "") quote = c === quote ? "" : quote;
    else if ((c === '"' || c === "'") && tokenStart(text[i - 1])) quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1] ?? ""))) i = lineEnd(text, i);
    else if (c === "[" || c === "{") {
      if (++depth > limit) return i;
    } else if ((c === "]" || c === "}") && depth > 0) depth--;
  }
  return undefined;
}

/** A quote opens a quoted scalar only where a token starts ("don't" is plain text). */
function tokenStart(before: string | undefined): boolean {
  return before === undefined || " \t\n[{,:-?".includes(before);
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf("\n", from);
  return end < 0 ? text.length : end - 1;
}

const tooManyAliases = Symbol("too many aliases");

/** The block names an alias whose anchor it never sets: malformed, not past a limit. */
class UnresolvedAlias {
  constructor(readonly message: string) {}
}
const tooDeep = Symbol("too deep");

/** The block's value; an alias bomb or deep nesting is a symbol instead of a thrown error or a stack overflow. */
function blockValue(document: Document): unknown {
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: inputLimits.yamlAliases }) ?? {};
  } catch (error) {
    const message = String((error as Error).message);
    // An alias without its anchor (`globs: *.ts`) parses, and only fails when it is resolved.
    if (message.startsWith("Unresolved alias")) return new UnresolvedAlias(message);
    if (/alias/i.test(message)) return tooManyAliases;
    if (error instanceof RangeError) return tooDeep;
    throw error;
  }
  return depthAtMost(value, inputLimits.nesting) ? value : tooDeep;
}

interface ParsedText {
  document: Document;
  lineCounter: LineCounter;
}

/** Text past a limit the parser is not given: where, and which limit. */
interface PastLimits {
  past: { offset: number; message: string; hint?: string };
}

/**
 * Recently parsed texts: the rule files of a registry repeat the same few blocks (a folder's globs, a
 * rule's narrower globs), and parsing one costs 20 to 100 µs. Only the document is shared; every caller
 * gets values of its own (toJS) and positions in its own file.
 */
const recentTexts = new Map<string, ParsedText | PastLimits>();
const recentTextsLimit = 256;

function parsedText(text: string): ParsedText | PastLimits {
  const cached = recentTexts.get(text);
  if (cached) return cached;
  const past = pastLimitsAt(text);
  const { LineCounter, parseDocument } = yamlLibrary();
  const lineCounter = new LineCounter();
  if (!past) countWork("YAML documents parsed");
  const parsed = past
    ? { past }
    : { document: parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true }), lineCounter };
  if (recentTexts.size >= recentTextsLimit) recentTexts.delete(recentTexts.keys().next().value as string);
  recentTexts.set(text, parsed);
  return parsed;
}

function offsetOf(document: Document, path: JsonPath, part: "key" | "value" = "value"): number {
  const { isMap, isPair, isScalar } = yamlLibrary();
  let node: unknown = document.contents;
  let offset = (document.contents as Node | null)?.range?.[0] ?? 0;
  for (const [index, segment] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === segment);
      if (!pair) break;
      const keyNode = pair.key as Node;
      const isLast = index === path.length - 1;
      if (isLast && part === "key") return keyNode.range?.[0] ?? offset;
      offset = (pair.value as Node | null)?.range?.[0] ?? keyNode.range?.[0] ?? offset;
      node = pair.value;
    } else if (node && typeof node === "object" && "items" in node && typeof segment === "number") {
      const item = (node as { items: Node[] }).items[segment];
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else break;
  }
  return offset;
}

/** YAML that does not parse (under `malformed`, the caller's check), or is past an input limit (AGC106). */
export function yamlErrors(errors: YamlError[], malformed: CheckMeta): Diagnostic[] {
  return errors.map(({ position, message, limit, hint }) =>
    limit
      ? limitFinding(position, message)
      : diagnostic(malformed, { position, message, ...(hint ? { hint } : {}) }),
  );
}
