import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, json, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Core } from "../model.js";

export const coreNameUnique: InlineCheck = {
  id: "AGC068",
  slug: "core-name-unique",
  stage: "load",
  severity: "error",
  title: "Names in core/ are unique",
  description:
    "Skills and commands share one slash-command namespace (a skill silently hides a command of the same name), and a key written twice in a JSON file of core/ keeps only its last value.",
  hint: "Rename one of the two, or merge them.",
  get examples() {
    return {
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
    };
  },
};

/** Each command that shares its name with a skill: both are the same slash command in every client. */
export function sharedSlashNameFindings(core: Pick<Core, "skills" | "commands">): Diagnostic[] {
  const skills = new Map(core.skills.map((skill) => [skill.name, skill]));
  return core.commands.flatMap((command) => {
    const skill = skills.get(command.name);
    if (!skill) return [];
    return [
      diagnostic(coreNameUnique, {
        position: { file: command.file, line: 1, column: 1 },
        message: `/${command.name} is both this command and the skill in ${skill.file}; clients would show only one`,
      }),
    ];
  });
}
