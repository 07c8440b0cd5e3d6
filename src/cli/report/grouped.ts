import { type Diagnostic, groupFile, type Severity } from "../../diagnostics/diagnostic.js";
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

/** How many kinds of one check are listed before the rest are counted. */
const kindsShown = 6;

/**
 * The report of a command that finds the same thing in many files (agentc import): findings of one check,
 * severity and kind (Diagnostic.group, else the message with its file written <file>) are one line with
 * their count and first places. A check with many kinds (one per unknown key or tool name) lists the largest
 * few and counts the rest. Each hint is printed once, right below the lines it belongs to: the kinds of one
 * check that share a hint are listed together. --verbose lists every finding in full; --quiet leaves out the
 * infos.
 */
export const groupedReporter: Reporter = (diagnostics, context) => {
  if (context.verbose) return prettyReporter(diagnostics, { ...context, quiet: false });
  const paint = (code: string, text: string): string =>
    context.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  const shown = context.quiet ? diagnostics.filter((d) => d.severity !== "info") : diagnostics;
  const grouped = severityOrder.flatMap((severity) => groups(shown.filter((d) => d.severity === severity)));
  const lines = byCheck(grouped).flatMap((kinds) => checkLines(kinds, context, paint));
  const more = grouped.some((g) => g.findings.length > 1) ? "; --verbose lists every finding" : "";
  return [...lines, `${tally(diagnostics, { ...context, verbose: true })}${more}`].join("\n");
};

function groups(diagnostics: Diagnostic[]): Group[] {
  const byKey = new Map<string, Group>();
  for (const d of diagnostics) {
    const text = d.group ?? d.message.split(d.file).join(groupFile);
    const key = `${d.id}\0${text}`;
    const group = byKey.get(key) ?? { text, findings: [] };
    group.findings.push(d);
    byKey.set(key, group);
  }
  return [...byKey.values()];
}

/** The groups of each check and severity together, in the order each first appears. */
function byCheck(grouped: Group[]): Group[][] {
  const checks = new Map<string, Group[]>();
  for (const group of grouped) {
    const [first] = group.findings;
    if (!first) continue;
    const key = `${first.severity}\0${first.id}`;
    checks.set(key, [...(checks.get(key) ?? []), group]);
  }
  return [...checks.values()];
}

function checkLines(
  kinds: Group[],
  context: ReportContext,
  paint: (code: string, text: string) => string,
): string[] {
  const largestFirst = [...kinds].sort((a, b) => b.findings.length - a.findings.length);
  const listed = kinds.length > kindsShown + 1 ? largestFirst.slice(0, kindsShown) : kinds;
  const lines = byHint(listed).flatMap(([hint, groups]) => [
    ...groups.map((group) => groupLine(group, context, paint)),
    ...(hint === undefined ? [] : [`  ${paint("2", `hint: ${hint}`)}`]),
  ]);
  const rest = largestFirst.slice(listed.length);
  const [first] = rest[0]?.findings ?? [];
  if (first) {
    const count = rest.reduce((sum, g) => sum + g.findings.length, 0);
    const severity = paint(colors[first.severity], first.severity);
    lines.push(`${severity} ${first.id} and ${rest.length} more kinds (${count} places)`);
  }
  return lines;
}

/** The groups by the hint they print (none for infos), each hint's groups in their order, hints in order of first use. */
function byHint(groups: Group[]): [string | undefined, Group[]][] {
  const hints = new Map<string | undefined, Group[]>();
  for (const group of groups) {
    const [first] = group.findings;
    const hint = first && first.severity !== "info" ? first.hint : undefined;
    hints.set(hint, [...(hints.get(hint) ?? []), group]);
  }
  return [...hints];
}

function groupLine(
  group: Group,
  context: ReportContext,
  paint: (code: string, text: string) => string,
): string {
  const [first] = group.findings;
  if (!first) return "";
  const severity = paint(colors[first.severity], first.severity);
  const place = (d: Diagnostic) => `${shownPath(d.file, context.registryDir)}:${d.line}:${d.column}`;
  return group.findings.length === 1
    ? `${place(first)}: ${severity} ${first.id} ${first.message}`
    : `${severity} ${first.id} ${group.text} (${places(group.findings, place)})`;
}

/** "100 places: a.md:3:1, b.md:3:1, and 98 more". */
function places(findings: Diagnostic[], place: (d: Diagnostic) => string): string {
  const named = findings.slice(0, placesShown).map(place);
  const rest = findings.length - named.length;
  return `${findings.length} places: ${named.join(", ")}${rest > 0 ? `, and ${rest} more` : ""}`;
}
