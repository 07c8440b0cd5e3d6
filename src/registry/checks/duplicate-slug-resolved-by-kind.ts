import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";
import { formatPosition } from "../format-position.js";
import type { Rule } from "../model.js";

const twoSources =
  '{"version": 1, "trigger_keys": ["any-code"], "router_slug": "skill-router", "sources": [{"name": "custom", "kind": "custom", "path": "rules"}, {"name": "shared", "kind": "community", "path": "shared"}]}\n';

export const duplicateSlugResolvedByKind: InlineCheck = {
  id: "AGC009",
  slug: "duplicate-slug-resolved-by-kind",
  stage: "load",
  severity: "info",
  title: "A slug defined by several sources is taken from the highest-priority kind",
  description:
    "custom beats spec-kit beats architectural beats community. The losing definition is reported so that nobody wonders where it went; two sources of the same kind are resolved by their order in sources.json and reported as a warning.",
  hint: "Nothing to do if the override is intended; otherwise rename one heading or disable a source.",
  get examples() {
    return {
      passing: withBase({
        "sources.json": twoSources,
        "shared/other.md": "---\nscope: global\n---\n# Other\n\nText.\n",
      }),
      failing: withBase({
        "sources.json": twoSources,
        "shared/style.md": "---\nscope: global\n---\n# Code Style\n\nOld.\n",
      }),
      expected: [
        'shared/style.md:4:1: info AGC009 Rule "code-style" from community source "shared" is overridden by custom source "custom" at rules/code-style.md:6:1',
      ],
    };
  },
};

/** The rule of a slug left out for the one that wins: a warning within one kind, information across kinds. */
export function duplicateSlugFinding(winner: Rule, loser: Rule): Diagnostic {
  const sameKind = winner.kind === loser.kind;
  return diagnostic(duplicateSlugResolvedByKind, {
    position: loser.heading,
    severity: sameKind ? "warning" : "info",
    message: sameKind
      ? `Rule "${loser.slug}" from source "${loser.sourceName}" is not used: source "${winner.sourceName}" (also ${winner.kind}) is listed first and defines it at ${formatPosition(winner.heading)}`
      : `Rule "${loser.slug}" from ${loser.kind} source "${loser.sourceName}" is overridden by ${winner.kind} source "${winner.sourceName}" at ${formatPosition(winner.heading)}`,
    related: [{ position: winner.heading, message: `the "${winner.slug}" that is used` }],
  });
}
