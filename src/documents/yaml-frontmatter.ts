import { type Document, isMap, isPair, isScalar, LineCounter, type Node, parseDocument } from "yaml";
import type { Position } from "../diagnostics/diagnostic.js";
import type { JsonPath } from "./json-document.js";

export interface ParsedYaml {
  value: Record<string, unknown>;
  positionOf(path: JsonPath, part?: "key" | "value"): Position;
}

export interface YamlError {
  position: Position;
  message: string;
}

/** Parses a YAML block whose first line is `firstLine` (1-based) of `file`. */
export function parseYamlBlock(
  file: string,
  text: string,
  firstLine: number,
): { parsed?: ParsedYaml; errors: YamlError[] } {
  const { document, lineCounter } = parsedText(text);
  const toPosition = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line: line + firstLine - 1, column: col };
  };
  const errors = document.errors.map((e) => ({
    position: toPosition(e.pos[0]),
    message: `malformed YAML: ${e.message.split("\n")[0] ?? e.code}`,
  }));
  if (errors.length > 0) return { errors };
  const value: unknown = document.toJS() ?? {};
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

interface ParsedText {
  document: Document;
  lineCounter: LineCounter;
}

/**
 * Recently parsed texts: the rule files of a registry repeat the same few blocks (a folder's globs, a
 * rule's narrower globs), and parsing one costs 20 to 100 µs. Only the document is shared; every caller
 * gets values of its own (toJS) and positions in its own file.
 */
const recentTexts = new Map<string, ParsedText>();
const recentTextsLimit = 256;

function parsedText(text: string): ParsedText {
  const cached = recentTexts.get(text);
  if (cached) return cached;
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (recentTexts.size >= recentTextsLimit) recentTexts.delete(recentTexts.keys().next().value as string);
  recentTexts.set(text, { document, lineCounter });
  return { document, lineCounter };
}

function offsetOf(document: Document, path: JsonPath, part: "key" | "value" = "value"): number {
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
