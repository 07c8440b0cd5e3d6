import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { builtinAssistants } from "./assistants.js";

/** The check of a format that cannot express a rule's scope (emit/checks/scope-expressed-by-adapter.ts). */
export const scopeLossCheck = "AGC029";

/**
 * With chosen assistants, a format's lost scoped rule is no loss for them when every chosen assistant
 * that uses the format gets the rule from another of its formats (AGENTS.md leaves scoped rules out;
 * Cursor writes them into .cursor/rules). Such a loss is kept, marked accepted with that reason, so
 * JSON and SARIF still show it; a loss some chosen assistant really has names those assistants.
 */
export function coverFormatLosses(
  diagnostics: readonly Diagnostic[],
  chosen: readonly string[] | undefined,
  present: ReadonlySet<string>,
): Diagnostic[] {
  if (!chosen) return [...diagnostics];
  const assistants = builtinAssistants().filter((a) => chosen.includes(a.id));
  const lostBy = new Map<string, Set<string>>();
  for (const d of diagnostics) {
    if (d.id !== scopeLossCheck || !d.loss) continue;
    const set = lostBy.get(d.loss.promise) ?? new Set<string>();
    set.add(d.loss.client);
    lostBy.set(d.loss.promise, set);
  }
  return diagnostics.map((d) => {
    if (d.id !== scopeLossCheck || !d.loss || d.loss.accepted !== undefined) return d;
    const { client, promise } = d.loss;
    const lost = lostBy.get(promise) ?? new Set<string>();
    const users = assistants.filter((a) => a.adapters.includes(client));
    const losing = users.filter((a) =>
      a.adapters.filter((id) => present.has(id)).every((id) => lost.has(id)),
    );
    if (users.length === 0) return d;
    if (losing.length > 0)
      return sufferedBy(
        d,
        losing.map((a) => a.id),
      );
    const names = users.map((a) => a.id).join(", ");
    return {
      ...d,
      loss: {
        ...d.loss,
        accepted: `every chosen assistant that reads ${client} (${names}) gets it from a format of its own`,
      },
    };
  });
}

/** The loss, told for the chosen assistants that have no other format for the rule. */
function sufferedBy(d: Diagnostic, assistants: string[]): Diagnostic {
  const verb = assistants.length === 1 ? "has" : "have";
  return {
    ...d,
    message: `${d.message}; ${assistants.join(", ")} ${verb} no other format for it`,
    loss: { ...(d.loss as NonNullable<Diagnostic["loss"]>), assistants },
  };
}
