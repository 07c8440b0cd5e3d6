import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";
import { type PositionOf, validateAgainstSchema } from "../../documents/schema-validation.js";

export const frontmatterMatchesSchema: InlineCheck = {
  id: "AGC005",
  slug: "frontmatter-matches-schema",
  stage: "load",
  severity: "error",
  title: "Rule frontmatter keys must be known and well typed",
  description:
    "Rules accept scope, globs, description, trigger and supersedes; anything else is a typo or a misunderstanding.",
  hint: "Use only scope (global|scoped), globs (list), description, trigger and supersedes.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "rules/extra.md": "---\nscope: global\nglob: ['**/*.ts']\n---\n# Extra\n\nText.\n",
      }),
      expected: ['rules/extra.md:3:1: error AGC005 Unexpected key "glob" in the frontmatter'],
    };
  },
};

/** The frontmatter's violations of rule-frontmatter.schema.json, each at its place. */
export function ruleFrontmatterFindings(frontmatter: unknown, positionOf: PositionOf): Diagnostic[] {
  return validateAgainstSchema("rule-frontmatter", frontmatter).map((violation) =>
    diagnostic(frontmatterMatchesSchema, {
      position: positionOf(violation.path, violation.part),
      message: violation.message.replace("the top level", "the frontmatter"),
      hint: violation.hint,
    }),
  );
}
