import { join } from "node:path";
import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { configMatchesSchema } from "../documents/checks/config-matches-schema.js";
import { jsonIsWellFormed } from "../documents/checks/json-is-well-formed.js";
import { registryFilesAreReadable } from "../documents/checks/registry-files-are-readable.js";
import { type JsonDocument, parseJsonDocument } from "../documents/json-document.js";
import { type SchemaName, validateAgainstSchema } from "../documents/schema-validation.js";
import { readText } from "../documents/text-file.js";

const maxConfigBytes = 8 * 1024 * 1024;

/** Reads, parses and schema-checks one JSON file; the document is returned only when it is valid. */
export function loadConfigFile(
  dir: string,
  relative: string,
  schema: SchemaName,
  diagnostics: Diagnostic[],
  label = relative,
): JsonDocument | undefined {
  const read = readText(join(dir, relative), maxConfigBytes);
  if (!read.ok) {
    diagnostics.push(
      diagnostic(registryFilesAreReadable, {
        position: { file: label, line: 1, column: 1 },
        message: `${label} ${read.reason}`,
        hint:
          read.reason === "does not exist"
            ? "Run 'agentc init' to create a registry, or pass the registry folder."
            : registryFilesAreReadable.hint,
      }),
    );
    return undefined;
  }
  const { document, errors } = parseJsonDocument(label, read.text);
  for (const error of errors)
    diagnostics.push(diagnostic(jsonIsWellFormed, { position: error.position, message: error.message }));
  if (!document) return undefined;
  return validateDocument(document, schema, diagnostics) ? document : undefined;
}

export function validateDocument(
  document: JsonDocument,
  schema: SchemaName,
  diagnostics: Diagnostic[],
): boolean {
  const violations = validateAgainstSchema(schema, document.value);
  for (const v of violations) {
    diagnostics.push(
      diagnostic(configMatchesSchema, {
        position: document.positionOf(v.path, v.part),
        message: v.message,
        hint: v.hint,
      }),
    );
  }
  return violations.length === 0;
}
