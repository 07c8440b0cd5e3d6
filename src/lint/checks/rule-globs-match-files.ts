import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { plural } from "../client-findings.js";

export const ruleGlobsMatchFiles: InlineCheck = {
  id: "AGC202",
  slug: "rule-globs-match-files",
  stage: "lint",
  severity: "warning",
  title: "Every glob of a rule matches a file of the project",
  description:
    "A rule with globs (Cursor's globs, Claude Code's paths, Copilot's applyTo, Kiro's fileMatchPattern) loads only when a file matching one of them is in play. A glob that matches no file of the project never loads its rule: a folder that was renamed, a typo, an extension the project does not use. Files under .git and node_modules are not counted.",
  hint: "Correct the glob to the project's paths (they are relative to the project root), or remove the rule if its files are gone.",
  examples: {
    passing: {
      ".claude/rules/api.md": '---\npaths:\n  - "src/api/**/*.ts"\n---\nEvery handler validates its input.\n',
      "src/api/users.ts": "export {};\n",
    },
    failing: {
      ".claude/rules/api.md":
        '---\npaths:\n  - "src/apis/**/*.ts"\n---\nEvery handler validates its input.\n',
      "src/api/users.ts": "export {};\n",
    },
    expected: [
      '.claude/rules/api.md:3:3: warning AGC202 glob "src/apis/**/*.ts" of .claude/rules/api.md matches no file of the project: Claude Code and GitHub Copilot never load the rule by it',
    ],
  },
};

/** A glob of the rule file `path` that matches no file of the project; `who`: the clients that read it. */
export function unmatchedGlobFinding(
  glob: string,
  path: string,
  who: string,
  position: Position,
): Diagnostic {
  return diagnostic(ruleGlobsMatchFiles, {
    position,
    message: `glob "${glob}" of ${path} matches no file of the project: ${who} never load${plural(who)} the rule by it`,
  });
}
