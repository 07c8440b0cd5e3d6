import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";

export const coreBodyPresent: InlineCheck = {
  id: "AGC074",
  slug: "core-body-present",
  stage: "load",
  severity: "error",
  title: "Skills, agents and commands have a body",
  description:
    "The body is the instruction the assistant follows (a skill's steps, an agent's system prompt, a command's prompt template); without it the file does nothing.",
  hint: "Write the instructions below the closing '---'.",
  get examples() {
    return {
      passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
      failing: withCore({
        "agents/reviewer.md": coreMarkdown(["name: reviewer", "description: Reviews."], []),
      }),
      expected: [
        "core/agents/reviewer.md:4:1: error AGC074 core/agents/reviewer.md has no text below its frontmatter",
      ],
    };
  },
};

/** A core Markdown file with nothing but blanks below its frontmatter, reported at the closing '---'. */
export function emptyBodyFinding(file: string, body: string, closingLine: number): Diagnostic | undefined {
  if (body.trim() !== "") return undefined;
  return diagnostic(coreBodyPresent, {
    position: { file, line: closingLine, column: 1 },
    message: `${file} has no text below its frontmatter`,
  });
}
