import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";
import { didYouMean } from "../../shared/nearest-name.js";
import type { Rule } from "../model.js";

export const supersedesNamesARule: InlineCheck = {
  id: "AGC011",
  slug: "supersedes-names-a-rule",
  stage: "load",
  severity: "warning",
  title: "'supersedes' must name an existing rule",
  description: "A 'supersedes' that names no rule (a typo, or a rule already deleted) replaces nothing.",
  hint: "Fix the slug, or remove 'supersedes' if the old rule is gone.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "rules/new.md": "---\nscope: global\nsupersedes: no-such-rule\n---\n# New Style\n\nNew.\n",
      }),
      expected: [
        'rules/new.md:3:1: warning AGC011 Rule "new-style" supersedes "no-such-rule", but no rule has that slug',
      ],
    };
  },
};

/**
 * A `supersedes` (the rule's) that names the rule itself, or a slug no rule has (`everywhere` holds every rule read, `kept`
 * the slugs that won); a slug only a dropped duplicate had is no fault.
 */
export function supersedesFinding(
  rule: Rule,
  supersedes: string,
  target: Rule | undefined,
  everywhere: readonly Rule[],
  kept: string[],
  position: Position,
): Diagnostic | undefined {
  if (target === rule)
    return diagnostic(supersedesNamesARule, { position, message: `Rule "${rule.slug}" supersedes itself` });
  if (everywhere.some((r) => r.slug === supersedes && r !== rule)) return undefined;
  const near = didYouMean(supersedes, kept);
  return diagnostic(supersedesNamesARule, {
    position,
    message: `Rule "${rule.slug}" supersedes "${supersedes}", but no rule has that slug`,
    ...(near ? { hint: `${near}${supersedesNamesARule.hint}` } : {}),
  });
}
