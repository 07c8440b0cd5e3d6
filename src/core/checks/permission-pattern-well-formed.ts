import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { patternKindOf, type Verb } from "../model.js";
import { patternProblem } from "../permission-pattern.js";

export const permissionPatternWellFormed: InlineCheck = {
  id: "AGC065",
  slug: "permission-pattern-well-formed",
  stage: "load",
  severity: "error",
  title: "Permission argument patterns are well formed for their verb",
  description:
    "A pattern means a path glob for read, grep, glob and edit, a command prefix for exec, a host for fetch, 'server/tool' for mcp and an exact name for skill and agent. Client-specific spellings (':*', './', 'mcp__') are the client pack's job; a malformed pattern would match nothing.",
  hint: "Write 'Verb(pattern)' with the pattern in its neutral form, e.g. Exec(git push), Read(src/**), Mcp(github/create_issue).",
  get examples() {
    return {
      passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
      failing: withCore({
        "skills/review/SKILL.md": coreMarkdown(
          [
            "name: review",
            "description: Reviews the change.",
            "permissions:",
            "  deny: ['Exec(git push:*)']",
          ],
          ["# Review"],
        ),
      }),
      expected: [
        "core/skills/review/SKILL.md:5:10: error AGC065 The pattern of \"Exec(git push:*)\" is a command prefix already: drop the trailing '*' or ':*' (client packs add their own)",
      ],
    };
  },
};

/** A skill's or agent's permission rule that is neither 'verb' nor 'Verb(pattern)'. */
export function ruleFormFinding(text: string, position: Position): Diagnostic {
  return diagnostic(permissionPatternWellFormed, {
    position,
    message: `Permission rule "${text}" is neither 'verb' nor 'Verb(pattern)'`,
  });
}

/** The pattern of a 'Verb(pattern)' rule when its verb cannot take it; an empty pattern never fits. */
export function rulePatternFinding(
  verb: Verb,
  pattern: string,
  text: string,
  position: Position,
): Diagnostic | undefined {
  const problem =
    pattern === ""
      ? "is empty; write the verb alone for the whole tool"
      : patternProblem(patternKindOf[verb], pattern);
  if (!problem) return undefined;
  return diagnostic(permissionPatternWellFormed, {
    position,
    message: `The pattern of "${text}" ${problem}`,
  });
}

/** A pattern of core/permissions.json its verb cannot take. */
export function listedPatternFinding(
  verb: Verb,
  pattern: string,
  position: Position,
): Diagnostic | undefined {
  const problem = patternProblem(patternKindOf[verb], pattern);
  if (!problem) return undefined;
  return diagnostic(permissionPatternWellFormed, { position, message: `"${pattern}" ${problem}` });
}
