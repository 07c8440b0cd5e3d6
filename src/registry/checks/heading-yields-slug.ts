import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const headingYieldsSlug: InlineCheck = {
  id: "AGC007",
  slug: "heading-yields-slug",
  stage: "load",
  severity: "error",
  title: "A rule heading must yield a slug",
  description:
    "The slug (file and skill name) is derived from the heading's Latin letters and digits; a heading without any yields no slug.",
  hint: "Add Latin letters or digits to the heading, e.g. '# 命名規則 (naming)'.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({ "rules/extra.md": "---\nscope: global\n---\n# 命名規則\n\nText.\n" }),
      expected: ['rules/extra.md:4:1: error AGC007 The heading "命名規則" yields an empty slug'],
    };
  },
};

/** A heading whose title yields no slug (`slug` is what slugify made of it). */
export function emptySlugFinding(title: string, slug: string, position: Position): Diagnostic | undefined {
  if (slug) return undefined;
  return diagnostic(headingYieldsSlug, { position, message: `The heading "${title}" yields an empty slug` });
}
