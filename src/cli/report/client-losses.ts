import type { Diagnostic } from "../../diagnostics/diagnostic.js";

/** One client's limits in a build: how many losses it has that the registry has not accepted, and accepted. */
export interface ClientLosses {
  client: string;
  open: number;
  accepted: number;
}

/**
 * The losses of a report by client, in client-id order; a client whose losses are all accepted is kept.
 * A format's loss that names the chosen assistants suffering it counts under each of them, once per
 * promise (AGENTS.md and an assistant's own format both losing one scoped rule is one loss for it).
 */
export function lossesByClient(diagnostics: readonly Diagnostic[]): ClientLosses[] {
  const byClient = new Map<string, ClientLosses>();
  const counted = new Set<string>();
  for (const d of diagnostics) {
    if (!d.loss || d.severity === "error") continue;
    for (const client of d.loss.assistants ?? [d.loss.client]) {
      const key = d.loss.assistants ? `${client}\0${d.id}\0${d.loss.promise}` : undefined;
      if (key !== undefined && counted.has(key)) continue;
      if (key !== undefined) counted.add(key);
      const entry = byClient.get(client) ?? { client, open: 0, accepted: 0 };
      if (d.loss.accepted === undefined) entry.open += 1;
      else entry.accepted += 1;
      byClient.set(client, entry);
    }
  }
  return [...byClient.values()].sort((a, b) => (a.client < b.client ? -1 : a.client > b.client ? 1 : 0));
}

/** How many of a report's diagnostics are client limits: open, and accepted by the registry. */
export function lossTotals(diagnostics: readonly Diagnostic[]): { open: number; accepted: number } {
  const losses = diagnostics.filter((d) => d.loss && d.severity !== "error");
  const accepted = losses.filter((d) => d.loss?.accepted !== undefined).length;
  return { open: losses.length - accepted, accepted };
}

/** Whether the default report lists a diagnostic in full: errors always, other findings unless a client's limit. */
export function shownInFull(d: Diagnostic): boolean {
  return d.severity === "error" || !d.loss;
}

/**
 * "  cursor: 9 promises it cannot keep (+2 accepted)": one line per client with open losses, under one
 * heading that names where every loss is listed. Empty when no client has an open loss.
 */
export function lossLines(losses: readonly ClientLosses[]): string[] {
  const open = losses.filter((l) => l.open > 0);
  if (open.length === 0) return [];
  const width = Math.max(...open.map((l) => l.client.length));
  return [
    "client limits (facts about the clients, not problems in the registry; 'agentc matrix' and CAPABILITIES.md list them, --verbose shows each):",
    ...open.map(
      (l) =>
        `  ${`${l.client}:`.padEnd(width + 1)} ${l.open} promise${l.open === 1 ? "" : "s"} it cannot keep${l.accepted > 0 ? ` (+${l.accepted} accepted)` : ""}`,
    ),
  ];
}
