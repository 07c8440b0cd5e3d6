import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { JsonDocument } from "../documents/json-document.js";
import { readJsonDocument } from "../documents/read-json-document.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import type { SchemaName } from "../documents/schema-validation.js";
import { schemaViolationFindings } from "./checks/core-file-matches-schema.js";
import { coreNameUnique } from "./checks/core-name-unique.js";

const maxCoreJsonBytes = 8 * 1024 * 1024;

/** Reads an optional JSON file of core/; returns it only when it exists, parses and matches its schema. */
export function loadCoreJson(
  reader: RegistryReader,
  file: string,
  schema: SchemaName,
  diagnostics: Diagnostic[],
): JsonDocument | undefined {
  if (reader.resolve(file).kind === "missing") return undefined;
  const document = readJsonDocument(reader, file, maxCoreJsonBytes, coreNameUnique, diagnostics)?.document;
  if (!document) return undefined;
  const findings = schemaViolationFindings(schema, document.value, (v) =>
    document.positionOf(v.path, v.part),
  );
  diagnostics.push(...findings);
  return findings.length === 0 ? document : undefined;
}
