import type { InlineCheck } from "../../diagnostics/check-meta.js";

export const skillNameAndDescriptionValid: InlineCheck = {
  id: "AGC201",
  slug: "skill-name-and-description-valid",
  stage: "lint",
  severity: "error",
  title: "Every skill has the name of its folder and a description within the limit",
  description:
    "The Agent Skills format, which every client agentc knows reads, requires two frontmatter fields in SKILL.md: name, lowercase letters, digits and single hyphens, at most 64 characters, the same as the skill's folder; and description, at most 1024 characters, which is all the model sees when it decides whether to load the skill. Clients that validate skills refuse one without them; the others list it under a name or with a description the author did not choose.",
  hint: "Give SKILL.md a name equal to its folder's and a description of what the skill does and when to use it; agentc lint --fix adds a missing name.",
  examples: {
    passing: {
      ".claude/skills/release-notes/SKILL.md":
        "---\nname: release-notes\ndescription: Writes release notes from the merged pull requests. Use when preparing a release.\n---\nList the merged pull requests since the last tag.\n",
    },
    failing: {
      ".claude/skills/release-notes/SKILL.md":
        "---\nname: Release Notes\ndescription: Writes release notes from the merged pull requests.\n---\nList the merged pull requests since the last tag.\n",
    },
    expected: [
      '.claude/skills/release-notes/SKILL.md:2:7: error AGC201 name "Release Notes" is not a skill name: lowercase letters, digits and single hyphens, at most 64 characters',
    ],
  },
};
