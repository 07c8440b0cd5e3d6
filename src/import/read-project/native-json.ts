import { type ParseError, parse } from "jsonc-parser";
import { type JsonDocument, jsonDocument, parseJsonDocument } from "../../documents/json-document.js";
import type { MarkdownProblem } from "../../packs/shared/items/native-markdown.js";

/**
 * A native JSON settings file with positions. Comments and trailing commas are read as the clients and
 * agentc's own composer read them (some clients' settings are JSONC); anything else is malformed JSON, reported
 * where the strict reader finds it.
 */
export function parseNativeJson(
  file: string,
  text: string,
): { document?: JsonDocument; problems: MarkdownProblem[] } {
  const body = text.replace(/^\uFEFF/, "");
  const strict = parseJsonDocument(file, body);
  if (strict.document) return { document: strict.document, problems: [] };
  if (strict.errors.some((e) => e.limit)) return { problems: strict.errors };
  const errors: ParseError[] = [];
  const value: unknown = parse(body, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length === 0 && value !== undefined)
    return { document: jsonDocument(file, body, value), problems: [] };
  return { problems: strict.errors };
}
