import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";
import { formatPosition } from "../format-position.js";
import type { Rule } from "../model.js";

export const supersededRuleDropped: InlineCheck = {
  id: "AGC010",
  slug: "superseded-rule-dropped",
  stage: "load",
  severity: "warning",
  title: "A superseded rule is dropped",
  description:
    "A rule with 'supersedes: <slug>' replaces that rule; the old one is not compiled, and the build says so.",
  hint: "Delete the old rule once every consumer has moved, then remove 'supersedes'.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "rules/old.md": "---\nscope: global\n---\n# Old Style\n\nOld.\n",
        "rules/new.md": "---\nscope: global\nsupersedes: old-style\n---\n# New Style\n\nNew.\n",
      }),
      expected: [
        'rules/new.md:3:1: warning AGC010 Rule "old-style" (rules/old.md:4:1) is dropped: "new-style" supersedes it',
      ],
    };
  },
};

/** The rule `by` drops with its `supersedes`, reported at that field. */
export function supersededFinding(target: Rule, by: Rule, position: Position): Diagnostic {
  return diagnostic(supersededRuleDropped, {
    position,
    message: `Rule "${target.slug}" (${formatPosition(target.heading)}) is dropped: "${by.slug}" supersedes it`,
    related: [{ position: target.heading, message: `the dropped rule "${target.slug}"` }],
  });
}
