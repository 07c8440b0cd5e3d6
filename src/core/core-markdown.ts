import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { fileReadFailure } from "../documents/registry-reader.js";
import type { SchemaName, SchemaViolation } from "../documents/schema-validation.js";
import { maxRuleFileBytes } from "../documents/text-file.js";
import { type ParsedYaml, parseYamlBlock } from "../documents/yaml-frontmatter.js";
import { emptyBodyFinding } from "./checks/core-body-present.js";
import { schemaViolationFindings } from "./checks/core-file-matches-schema.js";
import {
  frontmatterBlockFinding,
  frontmatterYamlFindings,
} from "./checks/core-frontmatter-is-well-formed.js";
import type { CoreMarkdown } from "./model.js";

/** A core Markdown file whose frontmatter parsed and matched its schema. */
export interface LoadedMarkdown extends CoreMarkdown {
  values: Record<string, unknown>;
}

/** Reads core/<relative>, parses its frontmatter and checks it against a schema; undefined when unusable. */
export function loadCoreMarkdown(
  reader: RegistryReader,
  file: string,
  schema: SchemaName,
  diagnostics: Diagnostic[],
): LoadedMarkdown | undefined {
  const start = { file, line: 1, column: 1 };
  const read = reader.readText(file, maxRuleFileBytes);
  if (!read.ok) {
    diagnostics.push(...fileReadFailure(read, file, undefined, start));
    return undefined;
  }
  const lines = read.text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const closeAt = lines[0] === "---" ? lines.indexOf("---", 1) : -1;
  if (closeAt < 0) {
    diagnostics.push(frontmatterBlockFinding(lines[0], start));
    return undefined;
  }
  const { parsed, errors } = parseYamlBlock(file, lines.slice(1, closeAt).join("\n"), 2);
  diagnostics.push(...frontmatterYamlFindings(errors));
  if (!parsed || !matchesSchema(parsed, schema, diagnostics)) return undefined;
  const body = lines.slice(closeAt + 1).join("\n");
  const empty = emptyBodyFinding(file, body, closeAt + 1);
  if (empty) diagnostics.push(empty);
  const { clients } = parsed.value;
  return {
    file,
    values: parsed.value,
    positionOf: parsed.positionOf,
    body,
    bodyLine: closeAt + 2,
    ...(Array.isArray(clients) ? { clients: clients as string[] } : {}),
  };
}

function matchesSchema(parsed: ParsedYaml, schema: SchemaName, diagnostics: Diagnostic[]): boolean {
  const positionOf = (v: SchemaViolation) => parsed.positionOf(v.path, v.part);
  const findings = schemaViolationFindings(schema, parsed.value, positionOf, "frontmatter");
  diagnostics.push(...findings);
  return findings.length === 0;
}
