import type { Severity } from "../../diagnostics/diagnostic.js";
import type { Reporter } from "./report-format.js";
import { shownPath } from "./shown-path.js";

const colors: Record<Severity, string> = { error: "31", warning: "33", info: "36" };

export const prettyReporter: Reporter = (diagnostics, context) => {
  const paint = (code: string, text: string): string =>
    context.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  const shown = context.quiet ? diagnostics.filter((d) => d.severity !== "info") : diagnostics;
  const lines = shown.map((d) => {
    const head = `${shownPath(d.file, context.registryDir)}:${d.line}:${d.column}: ${paint(colors[d.severity], d.severity)} ${d.id} ${d.message}`;
    return `${head}\n  ${paint("2", `hint: ${d.hint}`)}`;
  });
  const count = (s: Severity): number => diagnostics.filter((d) => d.severity === s).length;
  const tally = `${count("error")} error(s), ${count("warning")} warning(s), ${count("info")} info`;
  return [...lines, tally].join("\n");
};
