import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";

export const coreFileMatchesSchema: InlineCheck = {
  id: "AGC061",
  slug: "core-file-matches-schema",
  stage: "load",
  severity: "error",
  title: "Core files match their JSON Schema",
  description:
    "Skill, agent and command frontmatter and core/permissions.json, hooks.json and mcp.json are checked against schemas/core-*.schema.json. An unknown key is an error, so a typo never silently drops a promise.",
  hint: "Use only the keys docs/core.md lists for this file.",
  examples: {
    passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
    failing: withCore({
      "skills/review/SKILL.md": coreMarkdown(
        ["name: review", "description: Reviews the change.", "allowed-tools: [read]"],
        ["# Review"],
      ),
    }),
    expected: [
      'core/skills/review/SKILL.md:4:1: error AGC061 Unexpected key "allowed-tools" in the frontmatter',
    ],
  },
};
