import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { duplicateSlugFinding } from "../checks/duplicate-slug-resolved-by-kind.js";
import { sameSourceDuplicateFinding } from "../checks/slug-unique-in-source.js";
import { supersededFinding } from "../checks/superseded-rule-dropped.js";
import { supersedesFinding } from "../checks/supersedes-names-a-rule.js";
import { type DroppedRule, kindPriority, type Rule } from "../model.js";

export { formatPosition } from "../format-position.js";

/**
 * Picks one rule per slug (kind priority, then source order) and drops superseded rules; each rule left out
 * for that is added to `dropped` with the rule that won and the diagnostic that says why.
 */
export function resolveRules(all: Rule[], diagnostics: Diagnostic[], dropped: DroppedRule[] = []): Rule[] {
  const winners = new Map<string, Rule>();
  const inSource = new Map<string, Rule>();
  for (const rule of all) {
    const sameSource = inSource.get(`${rule.sourceIndex}/${rule.slug}`);
    if (sameSource) {
      diagnostics.push(sameSourceDuplicateFinding(rule, sameSource));
      continue;
    }
    inSource.set(`${rule.sourceIndex}/${rule.slug}`, rule);
    const current = winners.get(rule.slug);
    if (!current) {
      winners.set(rule.slug, rule);
      continue;
    }
    const [winner, loser] = beats(rule, current) ? [rule, current] : [current, rule];
    winners.set(rule.slug, winner);
    const reported = duplicateSlugFinding(winner, loser);
    diagnostics.push(reported);
    const reason = winner.kind === loser.kind ? "source-order" : "source-priority";
    dropped.push({ rule: loser, by: winner, reason, diagnostic: reported });
  }
  const kept = all.filter((r) => winners.get(r.slug) === r);
  return dropSuperseded(kept, all, diagnostics, dropped);
}

function beats(challenger: Rule, current: Rule): boolean {
  const byLayer = Number(challenger.dependency !== undefined) - Number(current.dependency !== undefined);
  if (byLayer !== 0) return byLayer < 0;
  const byKind = kindPriority[challenger.kind] - kindPriority[current.kind];
  return byKind < 0 || (byKind === 0 && challenger.sourceIndex < current.sourceIndex);
}

function dropSuperseded(
  kept: Rule[],
  all: Rule[],
  diagnostics: Diagnostic[],
  droppedRules: DroppedRule[],
): Rule[] {
  const bySlug = new Map(kept.map((r) => [r.slug, r]));
  const dropped = new Set<string>();
  for (const rule of kept) {
    if (!rule.supersedes) continue;
    const position = rule.fields.supersedes ?? rule.heading;
    const target = bySlug.get(rule.supersedes);
    if (!target || target === rule) {
      const finding = supersedesFinding(rule, rule.supersedes, target, all, [...bySlug.keys()], position);
      if (finding) diagnostics.push(finding);
      continue;
    }
    dropped.add(target.slug);
    const reported = supersededFinding(target, rule, position);
    diagnostics.push(reported);
    droppedRules.push({ rule: target, by: rule, reason: "supersedes", diagnostic: reported });
  }
  return kept.filter((r) => !dropped.has(r.slug));
}
