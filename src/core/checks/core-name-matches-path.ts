import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";

export const coreNameMatchesPath: InlineCheck = {
  id: "AGC062",
  slug: "core-name-matches-path",
  stage: "load",
  severity: "error",
  title: "A skill's name is its folder name, an agent's name its file name",
  description:
    "Clients call a skill by its folder and an agent by its file; several refuse a skill whose name differs from its folder. One name for both keeps every client in step.",
  hint: "Rename the folder or file, or change 'name' so that both agree.",
  get examples() {
    return {
      passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
      failing: withCore({
        "skills/review/SKILL.md": coreMarkdown(
          ["name: reviewer", "description: Reviews the change."],
          ["# Review"],
        ),
      }),
      expected: [
        'core/skills/review/SKILL.md:2:7: error AGC062 name "reviewer" differs from its folder name "review"',
      ],
    };
  },
};

/** A `name` that differs from the file or folder name it is read from. */
export function nameMismatchFinding(
  name: string,
  pathName: string,
  what: "folder" | "file",
  position: Position,
): Diagnostic | undefined {
  if (name === pathName) return undefined;
  return diagnostic(coreNameMatchesPath, {
    position,
    message: `name "${name}" differs from its ${what} name "${pathName}"`,
  });
}
