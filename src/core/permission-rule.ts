import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import { ruleFormFinding, rulePatternFinding } from "./checks/permission-pattern-well-formed.js";
import { isVerb, unknownVerbFinding } from "./checks/permission-rule-names-a-verb.js";
import type { PermissionRule } from "./model.js";

const ruleForm = /^([A-Za-z_]+)(?:\((.*)\))?$/s;

/** Parses 'verb' or 'Verb(pattern)' as written in a skill's or agent's permissions. */
export function parsePermissionRule(
  text: string,
  position: Position,
  diagnostics: Diagnostic[],
): PermissionRule | undefined {
  const match = ruleForm.exec(text);
  if (!match) {
    diagnostics.push(ruleFormFinding(text, position));
    return undefined;
  }
  const verb = (match[1] ?? "").toLowerCase();
  if (!isVerb(verb)) {
    diagnostics.push(unknownVerbFinding(match[1] ?? "", text, position));
    return undefined;
  }
  const pattern = match[2];
  if (pattern === undefined) return { verb, patterns: [], position };
  const finding = rulePatternFinding(verb, pattern, text, position);
  if (finding) {
    diagnostics.push(finding);
    return undefined;
  }
  return { verb, patterns: [pattern], position };
}
