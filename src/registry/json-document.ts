import { findNodeAtLocation, type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import type { Position } from "../diagnostics/diagnostic.js";
import { LineIndex } from "../diagnostics/positions.js";

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
}

export function parseJsonDocument(
  file: string,
  text: string,
): { document?: JsonDocument; errors: JsonSyntaxError[] } {
  const lines = new LineIndex(file, text);
  const parseErrors: ParseError[] = [];
  const root = parseTree(text, parseErrors, { allowTrailingComma: false, disallowComments: true });
  const errors = parseErrors.map((e) => ({
    position: lines.position(e.offset),
    message: describeParseError(printParseErrorCode(e.error)),
  }));
  if (errors.length > 0 || !root) {
    if (errors.length === 0) errors.push({ position: lines.position(0), message: "the file is empty" });
    return { errors };
  }
  const value: unknown = JSON.parse(text);
  return { document: { file, value, positionOf: (path, part) => locate(root, path, part, lines) }, errors };
}

function locate(root: Node, path: JsonPath, part: "key" | "value" | undefined, lines: LineIndex): Position {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = findNodeAtLocation(root, path.slice(0, depth));
    if (!node) continue;
    const keyNode = node.parent?.type === "property" ? node.parent.children?.[0] : undefined;
    const target = part === "key" && depth === path.length && keyNode ? keyNode : node;
    return lines.position(target.offset);
  }
  return lines.position(0);
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
