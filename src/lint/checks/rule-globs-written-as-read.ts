import type { InlineCheck } from "../../diagnostics/check-meta.js";

export const ruleGlobsWrittenAsRead: InlineCheck = {
  id: "AGC204",
  slug: "rule-globs-written-as-read",
  stage: "lint",
  severity: "error",
  title: "A rule's globs are written so that its client reads them as globs",
  description:
    "Clients read the globs field in two ways. Claude Code, Copilot and Kiro read YAML: an unquoted glob starting with `*` is a YAML alias there, and the client gets no glob (an error; agentc lint --fix quotes it). Cursor, Windsurf and Antigravity read the field as written: quotes and brackets become part of the glob, which then matches nothing (a warning). Either way, a glob starting with ./ or / never matches, since clients match paths relative to the project root (a warning).",
  hint: 'Quote globs in YAML fields (paths: "**/*.ts"), write them unquoted and comma-separated in Cursor\'s globs, and start none with ./ or /.',
  examples: {
    passing: {
      ".claude/rules/tests.md":
        '---\npaths:\n  - "**/*.test.ts"\n---\nEach test names the behaviour it checks.\n',
      "src/a.test.ts": "export {};\n",
    },
    failing: {
      ".claude/rules/tests.md":
        "---\npaths:\n  - **/*.test.ts\n---\nEach test names the behaviour it checks.\n",
      "src/a.test.ts": "export {};\n",
    },
    expected: [
      '.claude/rules/tests.md:3:5: error AGC204 glob **/*.test.ts is unquoted: YAML reads a value starting with "*" as an alias, so Claude Code and GitHub Copilot get no glob',
    ],
  },
};
