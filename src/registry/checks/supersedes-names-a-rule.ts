import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const supersedesNamesARule: InlineCheck = {
  id: "AGC011",
  slug: "supersedes-names-a-rule",
  stage: "load",
  severity: "warning",
  title: "'supersedes' must name an existing rule",
  description: "A 'supersedes' that names no rule (a typo, or a rule already deleted) replaces nothing.",
  hint: "Fix the slug, or remove 'supersedes' if the old rule is gone.",
  examples: {
    passing: withBase({}),
    failing: withBase({
      "rules/new.md": "---\nscope: global\nsupersedes: no-such-rule\n---\n# New Style\n\nNew.\n",
    }),
    expected: [
      'rules/new.md:3:1: warning AGC011 Rule "new-style" supersedes "no-such-rule", but no rule has that slug',
    ],
  },
};
