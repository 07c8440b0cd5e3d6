import type { Reporter } from "./report-format.js";
import { shownPath } from "./shown-path.js";

const commands = { error: "error", warning: "warning", info: "notice" } as const;

function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** GitHub Actions workflow commands: annotations on the changed files. */
export const githubReporter: Reporter = (diagnostics, context) =>
  diagnostics
    .filter((d) => !context.quiet || d.severity !== "info")
    .map((d) => {
      const file = shownPath(d.file, context.registryDir);
      const props = `file=${escapeProperty(file)},line=${d.line},col=${d.column},title=${escapeProperty(d.id)}`;
      // A client's limit is a notice, not a warning on the author's file, unless strict made it an error.
      const level = d.loss && d.severity !== "error" ? "notice" : commands[d.severity];
      return `::${level} ${props}::${escapeData(`${d.message} (hint: ${d.hint})`)}`;
    })
    .join("\n");
