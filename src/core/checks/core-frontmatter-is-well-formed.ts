import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";

export const coreFrontmatterIsWellFormed: InlineCheck = {
  id: "AGC060",
  slug: "core-frontmatter-is-well-formed",
  stage: "load",
  severity: "error",
  title: "Skills, agents and commands start with a closed YAML frontmatter mapping",
  description:
    "Every Markdown file of core/ opens with a YAML block between two '---' lines that says what it is; without it a client cannot list the skill, agent or command.",
  hint: "Start the file with '---', the YAML keys, and a closing '---' line; fix the YAML at the position shown.",
  examples: {
    passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
    failing: withCore({
      "skills/review/SKILL.md": coreMarkdown(["name: review", "description: [unclosed"], ["# Review"]),
    }),
    expected: [
      "core/skills/review/SKILL.md:3:23: error AGC060 malformed YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
    ],
  },
};
