import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { jsonSyntaxFindings } from "../documents/checks/json-is-well-formed.js";
import { registryFilesAreReadable } from "../documents/checks/registry-files-are-readable.js";
import { type JsonDocument, parseJsonDocument } from "../documents/json-document.js";
import { fileReadFailure, type RegistryReader, type TextRead } from "../documents/registry-reader.js";
import { readText } from "../documents/text-file.js";
import { packFaultFindings, packSchemaFindings } from "./checks/client-pack-valid.js";
import { notActedOnFindings } from "./checks/seed-field-not-acted-on.js";
import type { LoadedClientPack } from "./loaded-client-pack.js";
import type { ClientPack } from "./model.js";
import { isSeedShaped, translateSeedPack } from "./seed-pack-translation.js";
import { translatedDocument } from "./translated-document.js";

const maxPackBytes = 1024 * 1024;

export interface PackFile {
  /** Absolute path to read. */
  path: string;
  /** Package-relative ("clients/x.json") or registry-relative path. */
  file: string;
  /** The file as diagnostics name it ("<agentc>/clients/x.json" for built-in packs). */
  label: string;
  origin: LoadedClientPack["origin"];
  /** For a registry's own pack: the registry's reader (the file is `file` below its root). */
  reader?: RegistryReader;
}

function readPack(source: PackFile): TextRead {
  if (source.reader) return source.reader.readText(source.file, maxPackBytes);
  const read = readText(source.path, maxPackBytes);
  return read.ok ? read : { ...read, check: registryFilesAreReadable, reported: false };
}

/** Reads one pack file: JSON, schema, then the facts the schema cannot see; undefined when unusable. */
export function readClientPack(source: PackFile, diagnostics: Diagnostic[]): LoadedClientPack | undefined {
  const start = { file: source.label, line: 1, column: 1 };
  const read = readPack(source);
  if (!read.ok) {
    diagnostics.push(...fileReadFailure(read, source.label, undefined, start));
    return undefined;
  }
  const parsed = parseJsonDocument(source.label, read.text);
  diagnostics.push(...jsonSyntaxFindings(parsed.errors));
  if (!parsed.document) return undefined;
  const document = isSeedShaped(parsed.document.value)
    ? seedShapedDocument(parsed.document, diagnostics)
    : parsed.document;
  if (!document || !schemaValid("client-pack", document, diagnostics)) return undefined;
  const pack = withoutNotes(document.value) as ClientPack;
  const faults = packFaultFindings(pack, source.label, (fault) =>
    document.positionOf(fault.path, fault.part ?? "value"),
  );
  diagnostics.push(...faults);
  if (faults.length > 0) return undefined;
  return { pack, file: source.file, document, origin: source.origin };
}

function schemaValid(
  schema: "client-pack" | "client-pack-seed",
  document: JsonDocument,
  diagnostics: Diagnostic[],
): boolean {
  const findings = packSchemaFindings(schema, document.value, (v) => document.positionOf(v.path, v.part));
  diagnostics.push(...findings);
  return findings.length === 0;
}

/**
 * A pack in seed 001's shape: checked against its own schema, then read through the translation
 * (docs/seeds.md) as a document in agentc's shape whose positions point into the seed file.
 */
function seedShapedDocument(seed: JsonDocument, diagnostics: Diagnostic[]): JsonDocument | undefined {
  if (!schemaValid("client-pack-seed", seed, diagnostics)) return undefined;
  const translation = translateSeedPack(seed.value as Record<string, unknown>);
  diagnostics.push(
    ...notActedOnFindings(seed.file, translation.notActedOn, (field) => seed.positionOf(field.path, "key")),
  );
  return translatedDocument(seed, translation);
}

/**
 * withoutNotes's effect on a freshly parsed tree, in place, without copying it: a third faster than a
 * JSON.parse reviver, which is called back for every value of the 21 built-in packs (385 KB) at every start.
 */
export function deleteNotes(value: unknown): void {
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) deleteNotes(item);
    return;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (key.startsWith("_") || key === "$schema") delete object[key];
    else deleteNotes(object[key]);
  }
}

/** The pack without "_" keys (notes for people) and without "$schema", at every depth. */
export function withoutNotes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNotes);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith("_") && key !== "$schema")
      .map(([key, inner]) => [key, withoutNotes(inner)]),
  );
}
