import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Difference } from "../round-trip/compare-native.js";

export const roundTripReproduces: InlineCheck = {
  id: "AGC129",
  slug: "round-trip-reproduces",
  stage: "import",
  severity: "info",
  title: "Building the imported registry gives back the project's native files",
  description:
    "After writing the registry, agentc import builds it in memory and compares what agentc install would write into a copy of the project without its native files against the files it read. Each difference is named at the native file: the same fields and text in agentc's layout, a file written as a link, a file the build adds for another assistant, a settings file it composes nothing into (infos); other text or values, a file the build does not write, a file it would write over one import did not read (warnings).",
  hint: "Nothing to do when the difference is only formatting or agentc's own generated-by comment; otherwise edit the imported registry until agentc build writes what you want.",
  examples: {
    passing: {
      "AGENTS.md": "# Style\n\nUse tabs.\n",
    },
    failing: {
      "AGENTS.md": "# Style\n\nUse tabs.\n",
      ".gemini/settings.json": '{\n  "context": { "fileName": ["AGENTS.md", "GEMINI.md"] }\n}\n',
    },
    expected: [
      ".gemini/settings.json:1:1: info AGC129 the build of the imported registry composes nothing into .gemini/settings.json: the registry carries none of its values (each is named above), so it stays the project's file and its assistant reads it as before",
    ],
  },
};

/** Each difference between a native file and what the build of the imported registry installs at its path. */
export function differenceFindings(differences: readonly Difference[]): Diagnostic[] {
  return differences.map(({ hint, group, ...finding }) =>
    diagnostic(roundTripReproduces, { ...finding, ...(hint ? { hint } : {}), ...(group ? { group } : {}) }),
  );
}
