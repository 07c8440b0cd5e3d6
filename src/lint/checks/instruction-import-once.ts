import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";

export const instructionImportOnce: InlineCheck = {
  id: "AGC206",
  slug: "instruction-import-once",
  stage: "lint",
  severity: "warning",
  title: "An instruction file imports each file once",
  description:
    "An instruction file that imports one path twice gains nothing from the second import: a client that loads each import once skips it, one that does not (see AGC151) loads the text twice. Usually a line pasted in twice, or two sections each pulling in the same guide.",
  hint: "Remove the later import; agentc lint --fix drops a line that holds nothing but the import.",
  examples: {
    passing: {
      "CLAUDE.md": "# Project\n\n@docs/testing.md\n",
      "docs/testing.md": "Run the tests with npm test.\n",
    },
    failing: {
      "CLAUDE.md": "# Project\n\n@docs/testing.md\n\n## Tests\n\n@docs/testing.md\n",
      "docs/testing.md": "Run the tests with npm test.\n",
    },
    expected: ["CLAUDE.md:7:1: warning AGC206 CLAUDE.md imports docs/testing.md again (first on line 3)"],
  },
};

/** A second import of `target` in one file, pointing back at the first one's line. */
export function importedAgainFinding(
  position: Position,
  file: string,
  target: string,
  first: number,
): Diagnostic {
  return diagnostic(instructionImportOnce, {
    position,
    message: `${file} imports ${target} again (first on line ${first})`,
    related: [{ position: { ...position, line: first, column: 1 }, message: "first imported here" }],
  });
}
