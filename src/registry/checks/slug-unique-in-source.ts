import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const slugUniqueInSource: InlineCheck = {
  id: "AGC008",
  slug: "slug-unique-in-source",
  stage: "load",
  severity: "error",
  title: "Two rules of one source must not share a slug",
  description:
    "Inside one source a slug names exactly one rule; two headings that slugify alike would overwrite each other.",
  hint: "Rename one of the two headings.",
  examples: {
    passing: withBase({}),
    failing: withBase({ "rules/extra.md": "---\nscope: global\n---\n# Code style\n\nAgain.\n" }),
    expected: [
      'rules/extra.md:4:1: error AGC008 Slug "code-style" is defined twice in source "custom": here and at rules/code-style.md:6:1',
    ],
  },
};
