import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import { permissionPatternWellFormed } from "./checks/permission-pattern-well-formed.js";
import { permissionRuleNamesAVerb } from "./checks/permission-rule-names-a-verb.js";
import { type PermissionRule, patternKindOf, type Verb, verbs } from "./model.js";
import { patternProblem } from "./permission-pattern.js";

const ruleForm = /^([A-Za-z_]+)(?:\((.*)\))?$/s;

/** Parses 'verb' or 'Verb(pattern)' as written in a skill's or agent's permissions. */
export function parsePermissionRule(
  text: string,
  position: Position,
  diagnostics: Diagnostic[],
): PermissionRule | undefined {
  const match = ruleForm.exec(text);
  if (!match) {
    diagnostics.push(
      diagnostic(permissionPatternWellFormed, {
        position,
        message: `Permission rule "${text}" is neither 'verb' nor 'Verb(pattern)'`,
      }),
    );
    return undefined;
  }
  const verb = (match[1] ?? "").toLowerCase();
  if (!isVerb(verb)) {
    diagnostics.push(
      diagnostic(permissionRuleNamesAVerb, {
        position,
        message: `"${match[1]}" in "${text}" is not a core verb`,
      }),
    );
    return undefined;
  }
  const pattern = match[2];
  if (pattern === undefined) return { verb, patterns: [], position };
  const problem =
    pattern === "" ? "is empty; write the verb alone for the whole tool" : patternFault(verb, pattern);
  if (problem) {
    diagnostics.push(
      diagnostic(permissionPatternWellFormed, { position, message: `The pattern of "${text}" ${problem}` }),
    );
    return undefined;
  }
  return { verb, patterns: [pattern], position };
}

export function isVerb(word: string): word is Verb {
  return (verbs as readonly string[]).includes(word);
}

export function patternFault(verb: Verb, pattern: string): string | undefined {
  return patternProblem(patternKindOf[verb], pattern);
}
