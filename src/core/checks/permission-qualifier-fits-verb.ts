import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { json, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { type PatternKind, patternKindOf, type Verb } from "../model.js";

export const permissionQualifierFitsVerb: InlineCheck = {
  id: "AGC066",
  slug: "permission-qualifier-fits-verb",
  stage: "load",
  severity: "error",
  title: "A rule of permissions.json narrows its verb with that verb's key",
  description:
    "paths belongs to read, grep, glob and edit; commands to exec; domains to fetch; tools to mcp; names to skill and agent. Any other pairing would be dropped by every client, leaving a rule that says less than it seems to.",
  hint: "Use the key that belongs to the verb, or split the rule in two.",
  get examples() {
    return {
      passing: withCore({
        "permissions.json": json({ version: 1, deny: [{ verb: "exec", commands: ["git push"] }] }),
      }),
      failing: withCore({
        "permissions.json": json({ version: 1, deny: [{ verb: "exec", paths: [".env"] }] }),
      }),
      expected: [
        'core/permissions.json:6:7: error AGC066 "paths" does not narrow verb "exec"; it takes "commands"',
      ],
    };
  },
};

const patternKinds: PatternKind[] = ["paths", "commands", "domains", "tools", "names"];

/** Each pattern list of a rule other than the one its verb takes, at the position of its key. */
export function misplacedQualifierFindings(
  rule: { verb: Verb } & Partial<Record<PatternKind, string[]>>,
  positionOf: (key: PatternKind) => Position,
): Diagnostic[] {
  const kind = patternKindOf[rule.verb];
  return patternKinds
    .filter((other) => other !== kind && rule[other] !== undefined)
    .map((other) =>
      diagnostic(permissionQualifierFitsVerb, {
        position: positionOf(other),
        message: `"${other}" does not narrow verb "${rule.verb}"; it takes "${kind}"`,
      }),
    );
}
