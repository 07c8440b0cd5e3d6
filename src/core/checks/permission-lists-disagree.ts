import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { json, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { type PermissionLevel, type PermissionLists, permissionLevels, type Verb } from "../model.js";

export const permissionListsDisagree: InlineCheck = {
  id: "AGC067",
  slug: "permission-lists-disagree",
  stage: "load",
  severity: "warning",
  title: "One rule stands in one permission list only",
  description:
    "Rules are evaluated deny, then ask, then allow, so the same rule in two lists only ever acts from the stricter one; the other entry is dead and misleads readers.",
  hint: "Keep the rule in the list you mean and remove the other entry.",
  get examples() {
    return {
      passing: withCore({
        "permissions.json": json({ version: 1, deny: [{ verb: "exec", commands: ["git push"] }] }),
      }),
      failing: withCore({
        "permissions.json": json({
          version: 1,
          deny: [{ verb: "exec", commands: ["git push"] }],
          allow: [{ verb: "exec", commands: ["git push"] }],
        }),
      }),
      expected: [
        "core/permissions.json:12:5: warning AGC067 Exec(git push) in allow is also in deny, which is evaluated first; this entry never applies",
      ],
    };
  },
};

/** Each rule that also stands in a list evaluated before its own, where it is decided first. */
export function disagreementFindings(lists: PermissionLists): Diagnostic[] {
  const findings: Diagnostic[] = [];
  const decidedBy = new Map<string, PermissionLevel>();
  for (const level of permissionLevels) {
    for (const rule of lists[level]) {
      for (const atom of atomsOf(rule.verb, rule.patterns)) {
        const earlier = decidedBy.get(atom);
        if (earlier === undefined) decidedBy.set(atom, level);
        else if (earlier !== level) findings.push(disagreement(atom, earlier, level, rule.position));
      }
    }
  }
  return findings;
}

function atomsOf(verb: Verb, patterns: string[]): string[] {
  const written = `${verb.charAt(0).toUpperCase()}${verb.slice(1)}`;
  return patterns.length === 0 ? [verb] : patterns.map((p) => `${written}(${p})`);
}

function disagreement(
  atom: string,
  earlier: PermissionLevel,
  level: PermissionLevel,
  position: Position,
): Diagnostic {
  return diagnostic(permissionListsDisagree, {
    position,
    message: `${atom} in ${level} is also in ${earlier}, which is evaluated first; this entry never applies`,
  });
}
