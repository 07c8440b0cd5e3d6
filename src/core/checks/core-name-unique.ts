import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, json, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";

export const coreNameUnique: InlineCheck = {
  id: "AGC068",
  slug: "core-name-unique",
  stage: "load",
  severity: "error",
  title: "Names in core/ are unique",
  description:
    "Skills and commands share one slash-command namespace (a skill silently hides a command of the same name), and a key written twice in a JSON file of core/ keeps only its last value.",
  hint: "Rename one of the two, or merge them.",
  examples: {
    passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
    failing: withCore({
      "skills/review/SKILL.md": reviewSkill,
      "commands/review.md": coreMarkdown(["description: Reviews."], ["Review $ARGUMENTS."]),
      "mcp.json": `${json({ version: 1, servers: { docs: { transport: "http", url: "https://a.example/mcp" } } }).replace('"docs"', '"docs": {"transport": "stdio", "command": "docs-mcp"},\n    "docs"')}`,
    }),
    expected: [
      "core/commands/review.md:1:1: error AGC068 /review is both this command and the skill in core/skills/review/SKILL.md; clients would show only one",
      'core/mcp.json:5:5: error AGC068 "docs" is written twice in one object; JSON keeps only the last',
    ],
  },
};
