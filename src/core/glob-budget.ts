import { diagnostic } from "../diagnostics/check-meta.js";
import { clip } from "../diagnostics/clip.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import { formatBytes } from "../documents/text-file.js";
import { type BraceExpansion, braceBudget, braceExpansion } from "../shared/brace-groups.js";
import { globsWithinBraceBudget } from "./checks/globs-within-brace-budget.js";

/**
 * Which globs of one rule fit the brace budget together, in order (non-strings are the schema's to
 * report, and fit); each glob past it is reported (AGC188), for the caller to leave out so nothing
 * later expands it. Counted without expanding.
 */
export function fitsBraceBudget(
  globs: readonly unknown[],
  positionOf: (index: number) => Position,
  diagnostics: Diagnostic[],
): boolean[] {
  const used: BraceExpansion = { patterns: 0, bytes: 0 };
  return globs.map((glob, index) => {
    if (typeof glob !== "string") return true;
    const own = braceExpansion(glob);
    const patterns = used.patterns + own.patterns;
    const bytes = used.bytes + own.bytes;
    if (patterns <= braceBudget.patterns && bytes <= braceBudget.bytes) {
      Object.assign(used, { patterns, bytes });
      return true;
    }
    const message = overBudget(glob, own, used);
    diagnostics.push(diagnostic(globsWithinBraceBudget, { position: positionOf(index), message }));
    return false;
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
