import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { PermissionLists, Verb } from "../model.js";

export const permissionVerbInTools: InlineCheck = {
  id: "AGC072",
  slug: "permission-verb-in-tools",
  stage: "load",
  severity: "warning",
  title: "allow and ask rules name verbs the skill or agent has",
  description:
    "When 'tools' lists the verbs a skill or agent may use, an allow or ask rule for another verb can never apply; usually the verb is missing from 'tools'.",
  hint: "Add the verb to 'tools', or remove the rule.",
  get examples() {
    return {
      passing: withCore({ "skills/review/SKILL.md": reviewSkill }),
      failing: withCore({
        "skills/review/SKILL.md": coreMarkdown(
          [
            "name: review",
            "description: Reviews the change.",
            "tools: [read]",
            "permissions:",
            "  allow: [Exec(git diff)]",
          ],
          ["# Review"],
        ),
      }),
      expected: [
        "core/skills/review/SKILL.md:6:11: warning AGC072 allow names \"exec\", which 'tools' does not list",
      ],
    };
  },
};

/** Each allow and ask rule for a verb the skill's or agent's 'tools' does not list; none without 'tools'. */
export function verbsOutsideToolsFindings(lists: PermissionLists, tools: Verb[] | undefined): Diagnostic[] {
  if (!tools) return [];
  return (["allow", "ask"] as const).flatMap((level) =>
    lists[level]
      .filter((rule) => !tools.includes(rule.verb))
      .map((rule) =>
        diagnostic(permissionVerbInTools, {
          position: rule.position,
          message: `${level} names "${rule.verb}", which 'tools' does not list`,
        }),
      ),
  );
}
