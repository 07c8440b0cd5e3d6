import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
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
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({ "rules/extra.md": "---\nscope: global\n---\nSome text without a heading.\n" }),
      expected: [
        "rules/extra.md:4:1: error AGC006 The file holds no '#' or '##' heading, so it holds no rule",
      ],
    };
  },
};

/**
 * Text before a rule file's first heading (its 0-based `strayLine`), or a file with no heading at all;
 * `headings` counts the file's rule headings.
 */
export function strayTextFinding(
  file: string,
  strayLine: number | undefined,
  headings: number,
): Diagnostic | undefined {
  const noRule = "The file holds no '#' or '##' heading, so it holds no rule";
  if (strayLine !== undefined)
    return diagnostic(textBelongsToARule, {
      position: { file, line: strayLine + 1, column: 1 },
      message: headings === 0 ? noRule : "Text before the first heading belongs to no rule",
    });
  if (headings > 0) return undefined;
  return diagnostic(textBelongsToARule, { position: { file, line: 1, column: 1 }, message: noRule });
}
