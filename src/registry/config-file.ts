import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { schemaViolationFindings } from "../documents/checks/config-matches-schema.js";
import { jsonSyntaxFindings } from "../documents/checks/json-is-well-formed.js";
import { registryFilesAreReadable } from "../documents/checks/registry-files-are-readable.js";
import { type JsonDocument, parseJsonDocument } from "../documents/json-document.js";
import { fileReadFailure, RegistryReader } from "../documents/registry-reader.js";
import type { SchemaName } from "../documents/schema-validation.js";

const maxConfigBytes = 8 * 1024 * 1024;

/** Reads, parses and schema-checks one JSON file; the document is returned only when it is valid. */
export function loadConfigFile(
  dir: string | RegistryReader,
  relative: string,
  schema: SchemaName,
  diagnostics: Diagnostic[],
  label = relative,
): JsonDocument | undefined {
  const reader = typeof dir === "string" ? new RegistryReader(dir) : dir;
  const read = reader.readText(relative, maxConfigBytes);
  if (!read.ok) {
    const hint =
      read.reason === "does not exist"
        ? "Run 'agentc init' to create a registry, or pass the registry folder."
        : read.check === registryFilesAreReadable
          ? registryFilesAreReadable.hint
          : undefined;
    diagnostics.push(...fileReadFailure(read, label, hint));
    if (typeof dir === "string") diagnostics.push(...reader.diagnostics);
    return undefined;
  }
  const { document, errors } = parseJsonDocument(label, read.text);
  diagnostics.push(...jsonSyntaxFindings(errors));
  if (!document) return undefined;
  return validateDocument(document, schema, diagnostics) ? document : undefined;
}

export function validateDocument(
  document: JsonDocument,
  schema: SchemaName,
  diagnostics: Diagnostic[],
): boolean {
  const violations = schemaViolationFindings(document, schema);
  diagnostics.push(...violations);
  return violations.length === 0;
}
