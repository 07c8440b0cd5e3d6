import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { maxNameLength, portableName } from "../portable-name.js";

export const coreFileNameWellFormed: InlineCheck = {
  id: "AGC063",
  slug: "core-file-name-well-formed",
  stage: "load",
  severity: "error",
  title: "Skill folders and agent and command files have portable names",
  description:
    "The folder or file name becomes a slash command and a path in every client: lowercase letters, digits and single hyphens, at most 64 characters (the Agent Skills rule most clients enforce).",
  hint: "Rename it to lowercase words joined by single hyphens, e.g. 'fix-tests'.",
  get examples() {
    return {
      passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
      failing: withCore({
        "commands/Fix_Tests.md": coreMarkdown(["description: Fixes tests."], ["Fix $ARGUMENTS."]),
      }),
      expected: [
        'core/commands/Fix_Tests.md:1:1: error AGC063 "Fix_Tests" (core/commands/Fix_Tests.md) is not a portable name: lowercase letters, digits and single hyphens, at most 64 characters',
      ],
    };
  },
};

/** A file or folder name of core/ that is not a portable name. */
export function pathNameFinding(name: string, path: string): Diagnostic | undefined {
  if (portableName.test(name) && name.length <= maxNameLength) return undefined;
  return diagnostic(coreFileNameWellFormed, {
    position: { file: path, line: 1, column: 1 },
    message: `"${name}" (${path}) is not a portable name: lowercase letters, digits and single hyphens, at most ${maxNameLength} characters`,
  });
}

/** An entry no client would ever see: `why` says what it is, `holds` what its folder holds. */
export function strayEntryFinding(path: string, why: string, holds: string): Diagnostic {
  return diagnostic(coreFileNameWellFormed, {
    position: { file: path, line: 1, column: 1 },
    message: `${path} ${why}, so no client would see it`,
    hint: `Move or rename it: this folder holds ${holds}.`,
  });
}
