import type { InlineCheck } from "../../diagnostics/check-meta.js";

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
