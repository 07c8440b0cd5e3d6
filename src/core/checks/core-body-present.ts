import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";

export const coreBodyPresent: InlineCheck = {
  id: "AGC074",
  slug: "core-body-present",
  stage: "load",
  severity: "error",
  title: "Skills, agents and commands have a body",
  description:
    "The body is the instruction the assistant follows (a skill's steps, an agent's system prompt, a command's prompt template); without it the file does nothing.",
  hint: "Write the instructions below the closing '---'.",
  examples: {
    passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
    failing: withCore({
      "agents/reviewer.md": coreMarkdown(["name: reviewer", "description: Reviews."], []),
    }),
    expected: [
      "core/agents/reviewer.md:4:1: error AGC074 core/agents/reviewer.md has no text below its frontmatter",
    ],
  },
};
