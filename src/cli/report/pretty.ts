import { type Diagnostic, diagnosticLine, type Severity } from "../../diagnostics/diagnostic.js";
import type { Reporter } from "./report-format.js";
import { shownPath } from "./shown-path.js";

const colors: Record<Severity, string> = { error: "31", warning: "33", info: "36" };

export const prettyReporter: Reporter = (diagnostics, context) => {
  const paint = (code: string, text: string): string =>
    context.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  const shown = context.quiet ? diagnostics.filter((d) => d.severity !== "info") : diagnostics;
  const lines = shown.map((d) => {
    const head = diagnosticLine(d, {
      file: shownPath(d.file, context.registryDir),
      severity: paint(colors[d.severity], d.severity),
    });
    return `${head}\n  ${paint("2", `hint: ${d.hint}`)}`;
  });
  const count = (s: Severity): number => diagnostics.filter((d) => d.severity === s).length;
  const tally = `${count("error")} error(s), ${count("warning")} warning(s), ${count("info")} info`;
  const frequent = frequentChecks(diagnostics);
  return [...lines, tally, ...(frequent ? [frequent] : [])].join("\n");
};

/** Below this many errors and warnings, the list itself is short enough to read. */
const longReport = 10;

/** "by check: AGC080 x36, AGC012 x3 ...": where a long report comes from, most frequent first. */
function frequentChecks(diagnostics: Diagnostic[]): string | undefined {
  const counts = new Map<string, number>();
  for (const d of diagnostics) if (d.severity !== "info") counts.set(d.id, (counts.get(d.id) ?? 0) + 1);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total < longReport) return undefined;
  const ranked = [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
  const parts = ranked.map(([id, n]) => `${id} x${n}`).join(", ");
  return `by check: ${parts} (agentc explain <id> says what each one means)`;
}
