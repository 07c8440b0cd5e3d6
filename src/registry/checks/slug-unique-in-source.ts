import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";
import { formatPosition } from "../format-position.js";
import type { Rule } from "../model.js";

export const slugUniqueInSource: InlineCheck = {
  id: "AGC008",
  slug: "slug-unique-in-source",
  stage: "load",
  severity: "error",
  title: "Two rules of one source must not share a slug",
  description:
    "Inside one source a slug names exactly one rule; two headings that slugify alike would overwrite each other.",
  hint: "Rename one of the two headings.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({ "rules/extra.md": "---\nscope: global\n---\n# Code style\n\nAgain.\n" }),
      expected: [
        'rules/extra.md:4:1: error AGC008 Slug "code-style" is defined twice in source "custom": here and at rules/code-style.md:6:1',
      ],
    };
  },
};

/** A rule whose slug its own source already defined (`first`); the later one is not used. */
export function sameSourceDuplicateFinding(rule: Rule, first: Rule): Diagnostic {
  return diagnostic(slugUniqueInSource, {
    position: rule.heading,
    message: `Slug "${rule.slug}" is defined twice in source "${rule.sourceName}": here and at ${formatPosition(first.heading)}`,
    related: [{ position: first.heading, message: `"${rule.slug}" is first defined here` }],
  });
}
