import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import {
  type SchemaName,
  type SchemaViolation,
  validateAgainstSchema,
} from "../../documents/schema-validation.js";
import type { LoadTrigger } from "../model.js";

export const coreFileMatchesSchema: InlineCheck = {
  id: "AGC061",
  slug: "core-file-matches-schema",
  stage: "load",
  severity: "error",
  title: "Core files match their JSON Schema",
  description:
    "Skill, agent and command frontmatter and core/permissions.json, hooks.json and mcp.json are checked against schemas/core-*.schema.json. An unknown key is an error, so a typo never silently drops a promise.",
  hint: "Use only the keys docs/core.md lists for this file.",
  get examples() {
    return {
      passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
      failing: withCore({
        "skills/review/SKILL.md": coreMarkdown(
          ["name: review", "description: Reviews the change.", "allowed-tools: [read]"],
          ["# Review"],
        ),
      }),
      expected: [
        'core/skills/review/SKILL.md:4:1: error AGC061 Unexpected key "allowed-tools" in the frontmatter',
      ],
    };
  },
};

/** The value's violations of its schema, each at its place; in a frontmatter the top level is called the frontmatter. */
export function schemaViolationFindings(
  schema: SchemaName,
  value: unknown,
  positionOf: (violation: SchemaViolation) => Position,
  where: "file" | "frontmatter" = "file",
): Diagnostic[] {
  return validateAgainstSchema(schema, value).map((v) =>
    diagnostic(coreFileMatchesSchema, {
      position: positionOf(v),
      message: where === "frontmatter" ? v.message.replace("the top level", "the frontmatter") : v.message,
      hint: v.hint,
    }),
  );
}

/** A glob rule without globs, or a model_decision rule without the description the model decides by. */
export function ruleTriggerFinding(
  rule: { trigger: LoadTrigger; globs?: string[]; description?: string },
  positionOf: (key: "trigger") => Position,
): Diagnostic | undefined {
  if (rule.trigger === "glob" && !rule.globs)
    return diagnostic(coreFileMatchesSchema, {
      position: positionOf("trigger"),
      message: 'trigger "glob" needs "globs"',
      hint: 'Add globs: ["src/**/*.ts"], or choose another trigger.',
    });
  if (rule.trigger === "model_decision" && !rule.description)
    return diagnostic(coreFileMatchesSchema, {
      position: positionOf("trigger"),
      message: 'trigger "model_decision" needs a "description": it is what the model decides by',
      hint: "Add a description saying when the rule applies.",
    });
  return undefined;
}
