import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";

export const permissionPatternWellFormed: InlineCheck = {
  id: "AGC065",
  slug: "permission-pattern-well-formed",
  stage: "load",
  severity: "error",
  title: "Permission argument patterns are well formed for their verb",
  description:
    "A pattern means a path glob for read, grep, glob and edit, a command prefix for exec, a host for fetch, 'server/tool' for mcp and an exact name for skill and agent. Client-specific spellings (':*', './', 'mcp__') are the client pack's job; a malformed pattern would match nothing.",
  hint: "Write 'Verb(pattern)' with the pattern in its neutral form, e.g. Exec(git push), Read(src/**), Mcp(github/create_issue).",
  examples: {
    passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
    failing: withCore({
      "skills/review/SKILL.md": coreMarkdown(
        ["name: review", "description: Reviews the change.", "permissions:", "  deny: ['Exec(git push:*)']"],
        ["# Review"],
      ),
    }),
    expected: [
      "core/skills/review/SKILL.md:5:10: error AGC065 The pattern of \"Exec(git push:*)\" is a command prefix already: drop the trailing '*' or ':*' (client packs add their own)",
    ],
  },
};
