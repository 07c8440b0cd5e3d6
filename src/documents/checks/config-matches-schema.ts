import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";
import { didYouMean } from "../../shared/nearest-name.js";
import type { JsonDocument } from "../json-document.js";
import { type SchemaName, validateAgainstSchema } from "../schema-validation.js";

export const configMatchesSchema: InlineCheck = {
  id: "AGC002",
  slug: "config-matches-schema",
  stage: "load",
  severity: "error",
  title: "sources.json, targets.json and adapter files must match their JSON Schema",
  description:
    "Every key is checked against the schemas shipped in agentc's schemas/ folder. An unknown key is an error, so a typo never silently turns a setting off.",
  hint: 'Point "$schema" at node_modules/agentc/schemas/<file>.schema.json for completion in your editor.',
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "sources.json":
          '{"version": 1, "trigger_keys": ["any-code"], "router_slug": "skill-router", "sources": [{"name": "custom", "kind": "custom", "path": "rules", "enabeld": true}]}\n',
      }),
      expected: ['sources.json:1:143: error AGC002 Unexpected key "enabeld" in sources[0]'],
    };
  },
};

/** The document's violations of its schema, each at its place. */
export function schemaViolationFindings(document: JsonDocument, schema: SchemaName): Diagnostic[] {
  return validateAgainstSchema(schema, document.value).map((v) =>
    diagnostic(configMatchesSchema, {
      position: document.positionOf(v.path, v.part),
      message: v.message,
      hint: v.hint,
    }),
  );
}

/** A name the file chooses from a fixed list (a built-in adapter, client pack or assistant) that is not on it. */
export function unknownChoiceFinding(
  choice: { what: string; id: string; known: readonly string[]; listed: string },
  position: Position,
): Diagnostic {
  const { what, id, known, listed } = choice;
  return diagnostic(configMatchesSchema, {
    position,
    message: `Unknown ${what} "${id}"`,
    hint: `${didYouMean(id, known)}${listed}: ${known.join(", ")}.`,
  });
}

/** A built-in data file (an assistant, a plugin host) whose contents disagree with its name or the other data. */
export function dataFileFinding(position: Position, message: string, hint: string): Diagnostic {
  return diagnostic(configMatchesSchema, { position, message, hint });
}
