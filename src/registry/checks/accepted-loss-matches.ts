import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { unmatchedAcceptances } from "../accepted-losses.js";
import type { Registry } from "../model.js";

const acceptance = {
  check: "AGC029",
  client: "team-file",
  promise: "scoped rule go-style",
  reason: "Go style is in the always-on text too.",
};

export const acceptedLossMatches: InlineCheck = {
  id: "AGC131",
  slug: "accepted-loss-matches",
  stage: "emit",
  severity: "warning",
  title: "Each accepted loss in targets.json matches a loss of the build",
  description:
    "targets.json accepted_losses names client limits the registry accepts (which check, which client, which promise). An entry that matches no loss of the build is stale (the loss is gone) or misspelt (the loss is still counted); either way it says something that is not true.",
  hint: "Remove the entry, or copy check, client and promise from 'agentc build --format json' (each loss lists them).",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "targets.json": targetsWith([agentsMdAdapter], { accepted_losses: [acceptance] }),
      }),
      expected: [
        'targets.json:17:5: warning AGC131 accepted_losses[0] (AGC029, client "team-file", promise "scoped rule go-style") matches no loss of this build',
      ],
    };
  },
};

/** A finding for each accepted_losses entry that matches no loss of the build. */
export function acceptedLossFindings(
  registry: Pick<Registry, "targets" | "targetsDocument">,
  diagnostics: readonly Diagnostic[],
): Diagnostic[] {
  const accepted = registry.targets.accepted_losses ?? [];
  return unmatchedAcceptances(diagnostics, accepted).map((index) => {
    const entry = accepted[index];
    const promise = entry?.promise ? `, promise "${entry.promise}"` : "";
    return diagnostic(acceptedLossMatches, {
      position: registry.targetsDocument.positionOf(["accepted_losses", index]),
      message: `accepted_losses[${index}] (${entry?.check}, client "${entry?.client}"${promise}) matches no loss of this build`,
    });
  });
}
