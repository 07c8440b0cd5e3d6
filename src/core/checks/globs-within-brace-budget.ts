import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { docsRuleWith } from "../../diagnostics/fixture-base.js";

/** Reported by the rule loaders (src/registry/rule-file.ts, src/core/load-rules.ts) at the glob; the glob is left out. */
export const globsWithinBraceBudget: InlineCheck = {
  id: "AGC188",
  slug: "globs-within-brace-budget",
  stage: "load",
  severity: "error",
  title: "A rule's globs expand to at most 1,000 patterns",
  description:
    'Brace groups multiply: "{a,b}{a,b}" stands for four globs, and 40 such groups for 2^40. The client of seed 001 takes at most 1,000 expanded patterns and 4 MiB from one rule\'s globs and uses a pattern past that unexpanded, so it matches nothing; formats that write globs as one comma list have agentc expand every group. So the globs of a rule, rules in sources and core/rules alike, may expand to 1,000 patterns and 4 MiB together; each is counted without expanding it, and a glob past the budget is reported at its place and left out.',
  hint: 'Use wildcards instead of listing names ("docs/**/*.md" rather than a group per folder), or split the rule into rules of their own.',
  examples: {
    passing: docsRuleWith('["docs/**/*.{md,mdx}"]'),
    failing: docsRuleWith(`["docs/${"{a,b}".repeat(11)}/*.md"]`),
    expected: [
      'rules/docs.md:3:9: error AGC188 Glob "docs/{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}/*.md" expands to 2,048 patterns of 42.0 KiB: more than the 1,000 patterns and 4.0 MiB one rule\'s globs share; it is left out',
    ],
  },
};
