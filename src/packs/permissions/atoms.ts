import {
  type Core,
  type PermissionLevel,
  type PermissionRule,
  permissionLevels,
  type Verb,
} from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { ReadPermission } from "./model.js";

/** One rule atom: a coarse rule whole, or one pattern of a rule, at its level. */
export interface Atom {
  level: PermissionLevel;
  rule: PermissionRule;
  pattern: string | undefined;
}

/** core/permissions.json's rules as atoms, deny first, then ask, then allow, each level in the core's order. */
export function permissionAtoms(core: Pick<Core, "permissions">): Atom[] {
  return permissionLevels.flatMap((level) =>
    core.permissions[level].flatMap((rule) => atomsOf(rule).map((pattern) => ({ level, rule, pattern }))),
  );
}

/** A coarse rule is one atom (undefined pattern); a rule with patterns is one atom per pattern. */
export function atomsOf(rule: PermissionRule): (string | undefined)[] {
  return rule.patterns.length === 0 ? [undefined] : rule.patterns;
}

/** The atoms a pack's exec policy takes instead of its permission lists: exec rules with a command. */
export function takenByExecPolicy(atom: Atom): boolean {
  return atom.rule.verb === "exec" && atom.pattern !== undefined;
}

/** The capability matrix's words for an atom: "deny exec", "ask Exec(git push)". */
export function promiseOf(level: PermissionLevel, rule: PermissionRule, pattern: string | undefined): string {
  if (pattern === undefined) return `${level} ${rule.verb}`;
  return `${level} ${rule.verb.charAt(0).toUpperCase()}${rule.verb.slice(1)}(${pattern})`;
}

/** A rule read back, merged into the level's rules: one coarse rule and one patterned rule per verb. */
export function addAtom(
  rules: ReadPermission[],
  verb: Verb,
  pattern: string | undefined,
  position: Position,
): void {
  if (pattern === undefined) {
    if (!rules.some((r) => r.verb === verb && r.patterns.length === 0))
      rules.push({ verb, patterns: [], position });
    return;
  }
  const rule = rules.find((r) => r.verb === verb && r.patterns.length > 0);
  if (!rule) rules.push({ verb, patterns: [pattern], position });
  else if (!rule.patterns.includes(pattern)) rule.patterns.push(pattern);
}
