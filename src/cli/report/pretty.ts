import { type Diagnostic, diagnosticLine, type Severity } from "../../diagnostics/diagnostic.js";
import { lossesByClient, lossLines, lossTotals, shownInFull } from "./client-losses.js";
import type { ReportContext, Reporter } from "./report-format.js";
import { shownPath } from "./shown-path.js";

const colors: Record<Severity, string> = { error: "31", warning: "33", info: "36" };
const severityOrder: Severity[] = ["error", "warning", "info"];

/**
 * Errors first and in full, then warnings in full, then infos one line each; a client's limits (losses)
 * are counted per client instead of listed. --verbose lists everything in full, as before; --quiet
 * prints the errors only.
 */
export const prettyReporter: Reporter = (diagnostics, context) => {
  const paint = (code: string, text: string): string =>
    context.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  const head = (d: Diagnostic) =>
    diagnosticLine(d, {
      file: shownPath(d.file, context.registryDir),
      severity: paint(colors[d.severity], d.severity),
    });
  const full = (d: Diagnostic) => `${head(d)}\n  ${paint("2", `hint: ${d.hint}`)}`;
  const ordered = severityOrder.flatMap((s) => diagnostics.filter((d) => d.severity === s));
  if (context.quiet)
    return ordered
      .filter((d) => d.severity === "error")
      .map(full)
      .join("\n");
  if (context.verbose) return [...ordered.map(full), tally(diagnostics, context)].join("\n");
  const listed = ordered.filter(shownInFull);
  const lines = listed.map((d) => (d.severity === "info" ? head(d) : full(d)));
  const frequent = frequentChecks(listed);
  return [
    ...lines,
    ...(context.everyBuiltin ? [] : lossLines(lossesByClient(diagnostics))),
    tally(diagnostics, context),
    ...(frequent ? [frequent] : []),
  ].join("\n");
};

/** Below this many listed errors and warnings, the list itself is short enough to read. */
const longReport = 10;

/** "by check: AGC037 x12, AGC012 x3 ...": where a long list comes from, most frequent first. */
function frequentChecks(listed: Diagnostic[]): string | undefined {
  const counts = new Map<string, number>();
  for (const d of listed) if (d.severity !== "info") counts.set(d.id, (counts.get(d.id) ?? 0) + 1);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total < longReport) return undefined;
  const ranked = [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
  return `by check: ${ranked.map(([id, n]) => `${id} x${n}`).join(", ")} (agentc explain <id> says what each one means)`;
}

/** "0 error(s), 2 warning(s), 1 info, 58 client limit(s) (+3 accepted)"; "…, 2 accepted client limit(s)". */
export function tally(diagnostics: Diagnostic[], context: ReportContext): string {
  const count = (s: Severity): number => diagnostics.filter((d) => d.severity === s && shownInFull(d)).length;
  const { open, accepted } = lossTotals(diagnostics);
  const limits =
    open > 0
      ? `, ${open} client limit(s)${accepted > 0 ? ` (+${accepted} accepted)` : ""}`
      : accepted > 0
        ? `, ${accepted} accepted client limit(s)`
        : "";
  const more = context.verbose ? "" : open > 0 ? "; --verbose shows every diagnostic in full" : "";
  return `${count("error")} error(s), ${count("warning")} warning(s), ${count("info")} info${limits}${more}`;
}
