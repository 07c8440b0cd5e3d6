import { maxNameLength, portableName } from "../../core/core-names.js";
import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";

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

/** The Agent Skills limit on a description, which the clients that validate skills enforce. */
const maxDescriptionLength = 1024;

/**
 * The name and description of the SKILL.md at `path`, in the folder `folder`, against the Agent Skills
 * format; `positionOf(key)` places a finding on a field's value (on the file's start when the field is missing).
 */
export function skillFieldFindings(
  path: string,
  folder: string,
  values: Record<string, unknown>,
  positionOf: (key?: "name" | "description") => Position,
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const report = (message: string, key?: "name" | "description") =>
    found.push(diagnostic(skillNameAndDescriptionValid, { position: positionOf(key), message }));
  const { name, description } = values;
  if (name === undefined)
    report(`${path} has no name; the Agent Skills format requires one, the folder's: "${folder}"`);
  else if (typeof name !== "string" || !portableName.test(name) || name.length > maxNameLength)
    report(
      `name ${JSON.stringify(name)} is not a skill name: lowercase letters, digits and single hyphens, at most ${maxNameLength} characters`,
      "name",
    );
  else if (name !== folder)
    report(`name "${name}" differs from its folder "${folder}"; clients use the folder's`, "name");
  if (description === undefined || (typeof description === "string" && description.trim() === ""))
    report(
      `${path} has no description; clients choose a skill by it, and the Agent Skills format requires one`,
    );
  else if (typeof description !== "string")
    report(`description is ${JSON.stringify(description)}, not text`, "description");
  else if (Array.from(description).length > maxDescriptionLength)
    report(
      `description is ${Array.from(description).length} characters long, over the ${maxDescriptionLength} the Agent Skills format allows`,
      "description",
    );
  return found;
}
