import { diagnostic } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { unmatchedAcceptances } from "../accepted-losses.js";
import type { Registry } from "../model.js";
import { acceptedLossMatches } from "./accepted-loss-matches.js";

/** AGC131 for each accepted_losses entry that matches no loss of the build. */
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
