import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { clip } from "../../diagnostics/clip.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { docsRuleWith } from "../../diagnostics/fixture-base.js";
import { formatBytes } from "../../documents/text-file.js";
import { type BraceExpansion, braceBudget, braceExpansion } from "../../shared/globs/brace-groups.js";

/** Reported by the rule loaders (src/registry/rules/rule-file.ts, src/core/load-rules.ts) at the glob; the glob is left out. */
export const globsWithinBraceBudget: InlineCheck = {
  id: "AGC188",
  slug: "globs-within-brace-budget",
  stage: "load",
  severity: "error",
  title: "A rule's globs expand to at most 1,000 patterns",
  description:
    'Brace groups multiply: "{a,b}{a,b}" stands for four globs, and 40 such groups for 2^40. The client of seed 001 takes at most 1,000 expanded patterns and 4 MiB from one rule\'s globs and uses a pattern past that unexpanded, so it matches nothing; formats that write globs as one comma list have agentc expand every group. So the globs of a rule, rules in sources and core/rules alike, may expand to 1,000 patterns and 4 MiB together; each is counted without expanding it, and a glob past the budget is reported at its place and left out.',
  hint: 'Use wildcards instead of listing names ("docs/**/*.md" rather than a group per folder), or split the rule into rules of their own.',
  get examples() {
    return {
      passing: docsRuleWith('["docs/**/*.{md,mdx}"]'),
      failing: docsRuleWith(`["docs/${"{a,b}".repeat(11)}/*.md"]`),
      expected: [
        'rules/docs.md:3:9: error AGC188 Glob "docs/{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}/*.md" expands to 2,048 patterns of 42.0 KiB: more than the 1,000 patterns and 4.0 MiB one rule\'s globs share; it is left out',
      ],
    };
  },
};

/**
 * For each glob of one rule in order, the finding when it no longer fits the brace budget the globs
 * before it left (then the caller leaves it out); undefined when it fits. Non-strings are the schema's
 * to report, and fit. Counted without expanding.
 */
export function braceBudgetFindings(
  globs: readonly unknown[],
  positionOf: (index: number) => Position,
): (Diagnostic | undefined)[] {
  const used: BraceExpansion = { patterns: 0, bytes: 0 };
  return globs.map((glob, index) => {
    if (typeof glob !== "string") return undefined;
    const own = braceExpansion(glob);
    const patterns = used.patterns + own.patterns;
    const bytes = used.bytes + own.bytes;
    if (patterns <= braceBudget.patterns && bytes <= braceBudget.bytes) {
      Object.assign(used, { patterns, bytes });
      return undefined;
    }
    return diagnostic(globsWithinBraceBudget, {
      position: positionOf(index),
      message: overBudget(glob, own, used),
    });
  });
}

function overBudget(glob: string, own: BraceExpansion, before: BraceExpansion): string {
  const expands = `Glob "${clip(glob)}" expands to ${count(own.patterns)} pattern${own.patterns === 1 ? "" : "s"} of ${bytes(own.bytes)}`;
  const earlier =
    before.patterns > 0
      ? `, and the rule's globs before it to ${count(before.patterns)} of ${bytes(before.bytes)}`
      : "";
  return `${expands}${earlier}: more than the ${count(braceBudget.patterns)} patterns and ${bytes(braceBudget.bytes)} one rule's globs share; it is left out`;
}

function count(n: number): string {
  const digits = String(Math.round(n));
  return n >= 1e15 ? "more than 10^15" : digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

function bytes(n: number): string {
  if (n >= 1e15) return "more than 10^15 bytes";
  return n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GiB` : formatBytes(n);
}
