import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { AcceptedLoss, TargetsConfig } from "./model.js";

/** The check whose "cannot express" rows the capability matrix shows. */
export const cannotExpressCheck = "AGC080";

/** The registry's acceptance of one loss: same check, same client (or "*"), and the promise if it names one. */
export function acceptanceOf(
  accepted: readonly AcceptedLoss[] | undefined,
  check: string,
  loss: { client: string; promise: string },
): AcceptedLoss | undefined {
  return (accepted ?? []).find(
    (a) =>
      a.check === check &&
      (a.client === "*" || a.client === loss.client) &&
      (a.promise === undefined || promiseMatches(a.promise, loss.promise)),
  );
}

function promiseMatches(pattern: string, promise: string): boolean {
  return pattern.endsWith("*") ? promise.startsWith(pattern.slice(0, -1)) : pattern === promise;
}

/** The strict mode's hint: the two ways out of an error that is a client's limit. */
export const strictHint =
  "Strict mode (--strict or targets.json strict_losses): accept the loss in targets.json accepted_losses with its reason, or express the promise in a form this client keeps.";

/**
 * Every loss the registry accepts carries its reason (`loss.accepted`); in strict mode every other loss
 * is an error. Diagnostics that are no loss pass unchanged.
 */
export function settleLosses(
  diagnostics: readonly Diagnostic[],
  targets: Pick<TargetsConfig, "accepted_losses" | "strict_losses">,
  strict = false,
): Diagnostic[] {
  const strictMode = strict || targets.strict_losses === true;
  return diagnostics.map((d) => {
    if (!d.loss || d.loss.accepted !== undefined) return d;
    const accepted = acceptanceOf(targets.accepted_losses, d.id, d.loss);
    if (accepted) return { ...d, loss: { ...d.loss, accepted: accepted.reason } };
    return strictMode ? { ...d, severity: "error", hint: strictHint } : d;
  });
}

/** The accepted_losses entries that match no loss of this build (stale, or a typo), by index. */
export function unmatchedAcceptances(
  diagnostics: readonly Diagnostic[],
  accepted: readonly AcceptedLoss[] | undefined,
): number[] {
  return (accepted ?? []).flatMap((entry, index) =>
    diagnostics.some((d) => d.loss && acceptanceOf([entry], d.id, d.loss)) ? [] : [index],
  );
}
