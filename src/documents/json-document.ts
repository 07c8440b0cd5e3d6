import { type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import type { Position } from "../diagnostics/diagnostic.js";
import { LineIndex } from "../diagnostics/positions.js";
import { jsonTooDeepAt, tooDeepMessage } from "../shared/nesting-limit.js";

export type JsonPath = (string | number)[];

/** A parsed JSON file that can say where any value came from. */
export interface JsonDocument {
  file: string;
  value: unknown;
  positionOf(path: JsonPath, part?: "key" | "value"): Position;
}

export interface JsonSyntaxError {
  position: Position;
  message: string;
  /** Past an input limit (AGC106) rather than malformed (AGC001). */
  limit?: true;
}

/**
 * Parses with the native JSON.parse; the syntax tree that positions come from is built only when a
 * position is asked for (most runs never ask), or when the text is not JSON, to say where and why.
 */
export function parseJsonDocument(
  file: string,
  text: string,
): { document?: JsonDocument; errors: JsonSyntaxError[] } {
  const deep = jsonTooDeepAt(text);
  if (deep !== undefined) {
    const position = new LineIndex(file, text).position(deep);
    return { errors: [{ position, message: tooDeepMessage("JSON"), limit: true }] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { errors: syntaxErrors(file, text, error as SyntaxError) };
  }
  return { document: jsonDocument(file, text, value), errors: [] };
}

/** A document for text already known to be JSON, parsed into `value`. */
export function jsonDocument(file: string, text: string, value: unknown): JsonDocument {
  let located: { root: Node; lines: LineIndex } | undefined;
  return {
    file,
    value,
    positionOf(path, part) {
      located ??= { root: parseTree(text) as Node, lines: new LineIndex(file, text) };
      return locate(located.root, path, part, located.lines);
    },
  };
}

function syntaxErrors(file: string, text: string, nativeError: SyntaxError): JsonSyntaxError[] {
  const lines = new LineIndex(file, text);
  const parseErrors: ParseError[] = [];
  const root = parseTree(text, parseErrors, { allowTrailingComma: false, disallowComments: true });
  if (parseErrors.length === 0 && !root)
    return [{ position: lines.position(0), message: "the file is empty" }];
  if (parseErrors.length === 0) {
    // Not seen (a fuzzer found no text that one parser takes and the other does not), but never throw.
    const offset = Number(/at position (\d+)/.exec(nativeError.message)?.[1] ?? 0);
    return [{ position: lines.position(offset), message: "malformed JSON: unexpected character" }];
  }
  return parseErrors.map((e) => ({
    position: lines.position(e.offset),
    message: describeParseError(printParseErrorCode(e.error)),
  }));
}

function locate(root: Node, path: JsonPath, part: "key" | "value" | undefined, lines: LineIndex): Position {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = nodeAt(root, path.slice(0, depth));
    if (!node) continue;
    const keyNode = node.parent?.type === "property" ? node.parent.children?.[0] : undefined;
    const target = part === "key" && depth === path.length && keyNode ? keyNode : node;
    const start = lines.position(target.offset);
    if (depth < path.length) return start;
    const { line, column } = lines.position(target.offset + target.length);
    return { ...start, end: { line, column } };
  }
  return lines.position(0);
}

/**
 * jsonc-parser's findNodeAtLocation (the first property of a name), with each object's properties
 * indexed once: a file with 60,000 keys has as many diagnostics, and a scan per position made that
 * quadratic.
 */
function nodeAt(root: Node, path: JsonPath): Node | undefined {
  let node: Node | undefined = root;
  for (const segment of path) {
    if (!node?.children) return undefined;
    if (typeof segment === "number") node = node.type === "array" ? node.children[segment] : undefined;
    else node = node.type === "object" ? propertiesOf(node).get(segment) : undefined;
  }
  return node;
}

const indexedProperties = new WeakMap<Node, Map<string, Node>>();

function propertiesOf(object: Node): Map<string, Node> {
  let properties = indexedProperties.get(object);
  if (!properties) {
    properties = new Map();
    for (const property of object.children ?? []) {
      const [key, value] = property.children ?? [];
      if (
        property.children?.length === 2 &&
        typeof key?.value === "string" &&
        value &&
        !properties.has(key.value)
      )
        properties.set(key.value, value);
    }
    indexedProperties.set(object, properties);
  }
  return properties;
}

function describeParseError(code: string): string {
  const readable: Record<string, string> = {
    InvalidSymbol: "unexpected character",
    InvalidNumberFormat: "malformed number",
    PropertyNameExpected: "expected a property name in double quotes",
    ValueExpected: "expected a value",
    ColonExpected: "expected ':'",
    CommaExpected: "expected ',' between entries",
    CloseBraceExpected: "expected '}'",
    CloseBracketExpected: "expected ']'",
    EndOfFileExpected: "expected the end of the file after the top-level value",
    InvalidCommentToken: "comments are not allowed in this file",
    UnexpectedEndOfComment: "unterminated comment",
    UnexpectedEndOfString: "unterminated string",
    UnexpectedEndOfNumber: "unterminated number",
    InvalidUnicode: "invalid unicode escape",
    InvalidEscapeCharacter: "invalid escape character",
    InvalidCharacter: "invalid character in string",
  };
  return `malformed JSON: ${readable[code] ?? code}`;
}
