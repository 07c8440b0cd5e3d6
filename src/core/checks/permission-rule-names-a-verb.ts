import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { type Verb, verbs } from "../model.js";

export const permissionRuleNamesAVerb: InlineCheck = {
  id: "AGC064",
  slug: "permission-rule-names-a-verb",
  stage: "load",
  severity: "error",
  title: "A permission rule names a core verb",
  description:
    "Permission rules of skills and agents are a verb ('edit') or a verb with an argument pattern ('Exec(git push)'). A client tool name such as 'Bash' would tie the core to one client and map to nothing elsewhere.",
  hint: "Use one of the verbs read, grep, glob, edit, exec, fetch, mcp, skill, agent.",
  get examples() {
    return {
      passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
      failing: withCore({
        "skills/review/SKILL.md": coreMarkdown(
          ["name: review", "description: Reviews the change.", "permissions:", "  deny: [Bash(git push)]"],
          ["# Review"],
        ),
      }),
      expected: [
        'core/skills/review/SKILL.md:5:10: error AGC064 "Bash" in "Bash(git push)" is not a core verb',
      ],
    };
  },
};

export function isVerb(word: string): word is Verb {
  return (verbs as readonly string[]).includes(word);
}

/** The finding on a rule whose verb, as written, is no core verb. */
export function unknownVerbFinding(written: string, text: string, position: Position): Diagnostic {
  return diagnostic(permissionRuleNamesAVerb, {
    position,
    message: `"${written}" in "${text}" is not a core verb`,
  });
}
