import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { type YamlError, yamlErrors } from "../../documents/yaml-frontmatter.js";

export const coreFrontmatterIsWellFormed: InlineCheck = {
  id: "AGC060",
  slug: "core-frontmatter-is-well-formed",
  stage: "load",
  severity: "error",
  title: "Skills, agents and commands start with a closed YAML frontmatter mapping",
  description:
    "Every Markdown file of core/ opens with a YAML block between two '---' lines that says what it is; without it a client cannot list the skill, agent or command.",
  hint: "Start the file with '---', the YAML keys, and a closing '---' line; fix the YAML at the position shown.",
  get examples() {
    return {
      passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
      failing: withCore({
        "skills/review/SKILL.md": coreMarkdown(["name: review", "description: [unclosed"], ["# Review"]),
      }),
      expected: [
        "core/skills/review/SKILL.md:3:23: error AGC060 malformed YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
      ],
    };
  },
};

/** A file whose first line opens no frontmatter block, or whose block is never closed. */
export function frontmatterBlockFinding(firstLine: string | undefined, position: Position): Diagnostic {
  const message =
    firstLine === "---"
      ? "Frontmatter block is never closed"
      : "The file does not start with a '---' frontmatter block";
  return diagnostic(coreFrontmatterIsWellFormed, { position, message });
}

/** The YAML errors of a frontmatter block (a limit passed is the input-limits check's). */
export function frontmatterYamlFindings(errors: YamlError[]): Diagnostic[] {
  return yamlErrors(errors, coreFrontmatterIsWellFormed);
}
