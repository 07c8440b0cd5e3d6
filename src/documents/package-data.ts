import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { countWork } from "../shared/work-counts.js";
import { type JsonDocument, jsonDocument } from "./json-document.js";

/** One JSON data file shipped in the package: a built-in adapter (adapters/) or client pack (clients/). */
export interface PackageDataFile {
  /** Absolute path to read. */
  path: string;
  /** Package-relative path: "clients/cursor.json". */
  file: string;
  /** The file as diagnostics name it: "<agentc>/clients/cursor.json". */
  label: string;
}

/** The *.json files of one of the package's data folders, in code-point order of their names. */
export function packageDataFiles(dir: string, folder: string): PackageDataFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({
      path: join(dir, name),
      file: `${folder}/${name}`,
      label: `<agentc>/${folder}/${name}`,
    }));
}

/**
 * Reads a package data file as trusted: the native JSON.parse, no schema validation, positions only when a
 * diagnostic asks for one (a reviver, as JSON.parse's, may leave out parts of the value). Every such
 * file is checked in full (JSON, schema, the checks beyond it) by `npm run build`, which fails when one
 * is invalid (scripts/check-package-data.ts), and by the tests.
 */
export function readPackageData(
  file: PackageDataFile,
  reviver?: (key: string, value: unknown) => unknown,
): JsonDocument {
  countWork("files read");
  const read = readFileSync(file.path, "utf8");
  // As decodeText (text-file.ts), which the full check reads with: a byte order mark is not content.
  const text = read.charCodeAt(0) === 0xfeff ? read.slice(1) : read;
  return jsonDocument(file.label, text, JSON.parse(text, reviver));
}
