import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const frontmatterMatchesSchema: InlineCheck = {
  id: "AGC005",
  slug: "frontmatter-matches-schema",
  stage: "load",
  severity: "error",
  title: "Rule frontmatter keys must be known and well typed",
  description:
    "Rules accept scope, globs, description, trigger and supersedes; anything else is a typo or a misunderstanding.",
  hint: "Use only scope (global|scoped), globs (list), description, trigger and supersedes.",
  examples: {
    passing: withBase({}),
    failing: withBase({ "rules/extra.md": "---\nscope: global\nglob: ['**/*.ts']\n---\n# Extra\n\nText.\n" }),
    expected: ['rules/extra.md:3:1: error AGC005 Unexpected key "glob" in the frontmatter'],
  },
};
