import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const textBelongsToARule: InlineCheck = {
  id: "AGC006",
  slug: "text-belongs-to-a-rule",
  stage: "load",
  severity: "error",
  title: "Every line of a rule file must belong to a rule",
  description:
    "Rules start at '#' and '##' headings. Text before the first heading, or a file without any heading, would belong to no rule and be lost.",
  hint: "Start the file with a '# Heading' for the rule, right after the frontmatter.",
  examples: {
    passing: withBase({}),
    failing: withBase({ "rules/extra.md": "---\nscope: global\n---\nSome text without a heading.\n" }),
    expected: ["rules/extra.md:4:1: error AGC006 The file holds no '#' or '##' heading, so it holds no rule"],
  },
};
