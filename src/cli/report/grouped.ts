import type { Diagnostic, Severity } from "../../diagnostics/diagnostic.js";
import { prettyReporter, tally } from "./pretty.js";
import type { ReportContext, Reporter } from "./report-format.js";
import { shownPath } from "./shown-path.js";

const colors: Record<Severity, string> = { error: "31", warning: "33", info: "36" };
const severityOrder: Severity[] = ["error", "warning", "info"];

/** How many places a grouped line names before it counts the rest. */
const placesShown = 2;

/** Findings of one check and kind: one line, however many files have it. */
interface Group {
  text: string;
  findings: Diagnostic[];
}

/**
 * The report of a command that finds the same thing in many files (agentc import): findings of one check,
 * severity and kind (Diagnostic.group, else the message with its file left out) are one line with their
 * count and first places, a warning's or error's hint once below it. --verbose lists every finding in full;
 * --quiet leaves out the infos.
 */
export const groupedReporter: Reporter = (diagnostics, context) => {
  if (context.verbose) return prettyReporter(diagnostics, { ...context, quiet: false });
  const paint = (code: string, text: string): string =>
    context.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  const shown = context.quiet ? diagnostics.filter((d) => d.severity !== "info") : diagnostics;
  const grouped = severityOrder.flatMap((severity) => groups(shown.filter((d) => d.severity === severity)));
  const lines = grouped.flatMap((group) => groupLines(group, context, paint));
  const more = grouped.some((g) => g.findings.length > 1) ? "; --verbose lists every finding" : "";
  return [...lines, `${tally(diagnostics, { ...context, verbose: true })}${more}`].join("\n");
};

function groups(diagnostics: Diagnostic[]): Group[] {
  const byKey = new Map<string, Group>();
  for (const d of diagnostics) {
    const text = d.group ?? d.message.split(d.file).join("…");
    const key = `${d.id}\0${text}`;
    const group = byKey.get(key) ?? { text, findings: [] };
    group.findings.push(d);
    byKey.set(key, group);
  }
  return [...byKey.values()];
}

function groupLines(
  group: Group,
  context: ReportContext,
  paint: (code: string, text: string) => string,
): string[] {
  const [first] = group.findings;
  if (!first) return [];
  const severity = paint(colors[first.severity], first.severity);
  const place = (d: Diagnostic) => `${shownPath(d.file, context.registryDir)}:${d.line}:${d.column}`;
  const head =
    group.findings.length === 1
      ? `${place(first)}: ${severity} ${first.id} ${first.message}`
      : `${severity} ${first.id} ${group.text} (${places(group.findings, place)})`;
  return first.severity === "info" ? [head] : [head, `  ${paint("2", `hint: ${first.hint}`)}`];
}

/** "100 places: a.md:3:1, b.md:3:1, and 98 more". */
function places(findings: Diagnostic[], place: (d: Diagnostic) => string): string {
  const named = findings.slice(0, placesShown).map(place);
  const rest = findings.length - named.length;
  return `${findings.length} places: ${named.join(", ")}${rest > 0 ? `, and ${rest} more` : ""}`;
}
