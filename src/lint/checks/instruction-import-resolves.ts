import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { plural } from "../client-findings.js";

export const instructionImportResolves: InlineCheck = {
  id: "AGC205",
  slug: "instruction-import-resolves",
  stage: "lint",
  severity: "warning",
  title: "Every file an instruction file imports is in the project",
  description:
    "Claude Code and Gemini CLI follow @path imports in the instruction files they read, Cursor and OpenCode @file references, Kiro #[[file:path]] (each client pack's instruction_imports). An import of a file that is not there loads nothing, without a word: the instructions the author meant to share are missing from every session. Paths are resolved from the importing file's folder; absolute and home paths are left alone.",
  hint: "Correct the path (relative to the file that imports it), add the file, or remove the import.",
  examples: {
    passing: {
      "CLAUDE.md": "# Project\n\nSee @docs/testing.md for how we test.\n",
      "docs/testing.md": "Run the tests with npm test.\n",
    },
    failing: {
      "CLAUDE.md": "# Project\n\nSee @docs/tests.md for how we test.\n",
      "docs/testing.md": "Run the tests with npm test.\n",
    },
    expected: [
      'CLAUDE.md:3:5: warning AGC205 "@docs/tests.md" imports docs/tests.md, which is not in the project: Amp, Claude Code, Cursor, GitHub Copilot, Kilo Code CLI and OpenCode load nothing for it',
    ],
  },
};

/** An import (`written` as in the file) of `target`, a path the project does not hold; `who`: the clients that follow it. */
export function missingImportFinding(
  position: Position,
  written: string,
  target: string,
  who: string,
): Diagnostic {
  return diagnostic(instructionImportResolves, {
    position,
    message: `"${written}" imports ${target}, which is not in the project: ${who} load${plural(who)} nothing for it`,
  });
}
