import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { plural } from "../client-findings.js";

export const ruleGlobsFieldRead: InlineCheck = {
  id: "AGC203",
  slug: "rule-globs-field-read",
  stage: "lint",
  severity: "error",
  title: "A rule's globs are in the field its client reads them from",
  description:
    "Each client reads the globs of a rule from one field of its own: Claude Code `paths`, Cursor and Windsurf `globs`, Copilot `applyTo`, Kiro `fileMatchPattern`. A rule that writes another client's field (`globs:` in .claude/rules, `paths:` in .cursor/rules) has no globs for its own client: Claude Code loads it into every session, Cursor never loads it by its globs.",
  hint: "Rename the field to the one this client reads; the globs stay as they are.",
  examples: {
    passing: {
      ".claude/rules/api.md": '---\npaths:\n  - "src/api/**/*.ts"\n---\nEvery handler validates its input.\n',
      "src/api/users.ts": "export {};\n",
    },
    failing: {
      ".claude/rules/api.md": "---\nglobs: src/api/**/*.ts\n---\nEvery handler validates its input.\n",
      "src/api/users.ts": "export {};\n",
    },
    expected: [
      '.claude/rules/api.md:2:1: error AGC203 Claude Code and GitHub Copilot read the globs of .claude/rules rules from "paths", not "globs": this rule loads into every session',
    ],
  },
};

/**
 * A rule file in a folder whose clients (`who`) read its globs from `field` that writes them under `other`,
 * another client's field: the rule then loads always (`always`) or never by its globs.
 */
export function otherGlobsFieldFinding(
  rule: { dir: string; field: string; other: string; always: boolean },
  who: string,
  position: Position,
): Diagnostic {
  const { dir, field, other, always } = rule;
  return diagnostic(ruleGlobsFieldRead, {
    position,
    message: `${who} read${plural(who)} the globs of ${dir} rules from "${field}", not "${other}": this rule ${always ? "loads into every session" : "never loads by its globs"}`,
    hint: `Rename "${other}" to "${field}" (the globs stay as they are), or move the file to the folder of the client that reads "${other}".`,
  });
}
