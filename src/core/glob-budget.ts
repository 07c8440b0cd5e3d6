import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import { braceBudgetFindings } from "./checks/globs-within-brace-budget.js";

/**
 * Which globs of one rule fit the brace budget together, in order; each glob past it is reported,
 * for the caller to leave out so nothing later expands it.
 */
export function fitsBraceBudget(
  globs: readonly unknown[],
  positionOf: (index: number) => Position,
  diagnostics: Diagnostic[],
): boolean[] {
  return braceBudgetFindings(globs, positionOf).map((finding) => {
    if (finding) diagnostics.push(finding);
    return finding === undefined;
  });
}
