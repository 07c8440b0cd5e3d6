import { existsSync } from "node:fs";
import { join } from "node:path";
import { diagnostic } from "../checks/check.js";
import { coreFileMatchesSchema } from "../checks/core/core-file-matches-schema.js";
import { coreNameUnique } from "../checks/core/core-name-unique.js";
import { jsonIsWellFormed } from "../checks/load/json-is-well-formed.js";
import { registryFilesAreReadable } from "../checks/load/registry-files-are-readable.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { type JsonDocument, parseJsonDocument } from "../registry/json-document.js";
import { type SchemaName, validateAgainstSchema } from "../registry/schema-validation.js";
import { readText } from "../registry/text-file.js";
import { duplicateKeys } from "./duplicate-keys.js";

const maxCoreJsonBytes = 8 * 1024 * 1024;

/** Reads an optional JSON file of core/; returns it only when it exists, parses and matches its schema. */
export function loadCoreJson(
  root: string,
  file: string,
  schema: SchemaName,
  diagnostics: Diagnostic[],
): JsonDocument | undefined {
  if (!existsSync(join(root, file))) return undefined;
  const read = readText(join(root, file), maxCoreJsonBytes);
  if (!read.ok) {
    const position = { file, line: 1, column: 1 };
    diagnostics.push(diagnostic(registryFilesAreReadable, { position, message: `${file} ${read.reason}` }));
    return undefined;
  }
  const { document, errors } = parseJsonDocument(file, read.text);
  for (const error of errors) diagnostics.push(diagnostic(jsonIsWellFormed, error));
  if (!document) return undefined;
  for (const { key, position } of duplicateKeys(file, read.text)) {
    diagnostics.push(
      diagnostic(coreNameUnique, { position, message: `"${key}" is written twice in one object` }),
    );
  }
  const violations = validateAgainstSchema(schema, document.value);
  for (const v of violations) {
    const position = document.positionOf(v.path, v.part);
    diagnostics.push(diagnostic(coreFileMatchesSchema, { position, message: v.message, hint: v.hint }));
  }
  return violations.length === 0 ? document : undefined;
}
