import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import { didYouMean } from "../shared/nearest-name.js";
import { duplicateSlugResolvedByKind } from "./checks/duplicate-slug-resolved-by-kind.js";
import { slugUniqueInSource } from "./checks/slug-unique-in-source.js";
import { supersededRuleDropped } from "./checks/superseded-rule-dropped.js";
import { supersedesNamesARule } from "./checks/supersedes-names-a-rule.js";
import { type DroppedRule, kindPriority, type Rule } from "./model.js";

export function formatPosition(p: Position): string {
  return `${p.file}:${p.line}:${p.column}`;
}

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
      diagnostics.push(
        diagnostic(slugUniqueInSource, {
          position: rule.heading,
          message: `Slug "${rule.slug}" is defined twice in source "${rule.sourceName}": here and at ${formatPosition(sameSource.heading)}`,
          related: [{ position: sameSource.heading, message: `"${rule.slug}" is first defined here` }],
        }),
      );
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
    const sameKind = winner.kind === loser.kind;
    const reported = diagnostic(duplicateSlugResolvedByKind, {
      position: loser.heading,
      severity: sameKind ? "warning" : "info",
      message: sameKind
        ? `Rule "${loser.slug}" from source "${loser.sourceName}" is not used: source "${winner.sourceName}" (also ${winner.kind}) is listed first and defines it at ${formatPosition(winner.heading)}`
        : `Rule "${loser.slug}" from ${loser.kind} source "${loser.sourceName}" is overridden by ${winner.kind} source "${winner.sourceName}" at ${formatPosition(winner.heading)}`,
      related: [{ position: winner.heading, message: `the "${winner.slug}" that is used` }],
    });
    diagnostics.push(reported);
    const reason = sameKind ? "source-order" : "source-priority";
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
      const existedElsewhere = all.some((r) => r.slug === rule.supersedes && r !== rule);
      if (existedElsewhere && target !== rule) continue;
      diagnostics.push(
        diagnostic(supersedesNamesARule, {
          position,
          message:
            target === rule
              ? `Rule "${rule.slug}" supersedes itself`
              : `Rule "${rule.slug}" supersedes "${rule.supersedes}", but no rule has that slug`,
          ...(target === rule ? {} : supersedesHint(rule.supersedes, [...bySlug.keys()])),
        }),
      );
      continue;
    }
    dropped.add(target.slug);
    const reported = diagnostic(supersededRuleDropped, {
      position,
      message: `Rule "${target.slug}" (${formatPosition(target.heading)}) is dropped: "${rule.slug}" supersedes it`,
      related: [{ position: target.heading, message: `the dropped rule "${target.slug}"` }],
    });
    diagnostics.push(reported);
    droppedRules.push({ rule: target, by: rule, reason: "supersedes", diagnostic: reported });
  }
  return kept.filter((r) => !dropped.has(r.slug));
}

/** A did-you-mean among the rules' slugs, before the check's own hint. */
function supersedesHint(slug: string, slugs: string[]): { hint?: string } {
  const near = didYouMean(slug, slugs);
  return near ? { hint: `${near}${supersedesNamesARule.hint}` } : {};
}
