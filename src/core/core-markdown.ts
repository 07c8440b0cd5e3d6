import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { readFailure } from "../documents/registry-reader.js";
import { type SchemaName, validateAgainstSchema } from "../documents/schema-validation.js";
import { maxRuleFileBytes } from "../documents/text-file.js";
import { type ParsedYaml, parseYamlBlock, yamlErrors } from "../documents/yaml-frontmatter.js";
import { coreBodyPresent } from "./checks/core-body-present.js";
import { coreFileMatchesSchema } from "./checks/core-file-matches-schema.js";
import { coreFrontmatterIsWellFormed } from "./checks/core-frontmatter-is-well-formed.js";
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
    diagnostics.push(...readFailure(read, start, `${file} ${read.reason}`));
    return undefined;
  }
  const lines = read.text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const closeAt = lines[0] === "---" ? lines.indexOf("---", 1) : -1;
  if (closeAt < 0) {
    const message =
      lines[0] === "---"
        ? "Frontmatter block is never closed"
        : "The file does not start with a '---' frontmatter block";
    diagnostics.push(diagnostic(coreFrontmatterIsWellFormed, { position: start, message }));
    return undefined;
  }
  const { parsed, errors } = parseYamlBlock(file, lines.slice(1, closeAt).join("\n"), 2);
  diagnostics.push(...yamlErrors(errors, coreFrontmatterIsWellFormed));
  if (!parsed || !matchesSchema(parsed, schema, diagnostics)) return undefined;
  const body = lines.slice(closeAt + 1).join("\n");
  if (body.trim() === "") diagnostics.push(emptyBody(file, closeAt + 1));
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
  const violations = validateAgainstSchema(schema, parsed.value);
  for (const v of violations) {
    diagnostics.push(
      diagnostic(coreFileMatchesSchema, {
        position: parsed.positionOf(v.path, v.part),
        message: v.message.replace("the top level", "the frontmatter"),
        hint: v.hint,
      }),
    );
  }
  return violations.length === 0;
}

function emptyBody(file: string, closingLine: number): Diagnostic {
  return diagnostic(coreBodyPresent, {
    position: { file, line: closingLine, column: 1 },
    message: `${file} has no text below its frontmatter`,
  });
}
