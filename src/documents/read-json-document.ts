import type { CheckMeta } from "../diagnostics/check-meta.js";
import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { jsonSyntaxFindings } from "./checks/json-is-well-formed.js";
import { duplicateKeys } from "./duplicate-keys.js";
import { type JsonDocument, parseJsonDocument } from "./json-document.js";
import { fileReadFailure, type RegistryReader } from "./registry-reader.js";

/**
 * Reads a JSON file of the registry with positions: unreadable or too large (AGC003), not JSON (AGC001), and a
 * key written twice in one object (reported under `twiceCheck`: JSON.parse keeps only the last).
 */
export function readJsonDocument(
  reader: RegistryReader,
  file: string,
  maxBytes: number,
  twiceCheck: CheckMeta,
  diagnostics: Diagnostic[],
): { document: JsonDocument; keysWrittenTwice: number } | undefined {
  const read = reader.readText(file, maxBytes);
  if (!read.ok) {
    diagnostics.push(...fileReadFailure(read, file));
    return undefined;
  }
  const { document, errors } = parseJsonDocument(file, read.text);
  diagnostics.push(...jsonSyntaxFindings(errors));
  if (!document) return undefined;
  const twice = duplicateKeys(file, read.text);
  for (const { key, position } of twice)
    diagnostics.push(
      diagnostic(twiceCheck, {
        position,
        message: `"${key}" is written twice in one object; JSON keeps only the last`,
        hint: "Remove one of the two.",
      }),
    );
  return { document, keysWrittenTwice: twice.length };
}
