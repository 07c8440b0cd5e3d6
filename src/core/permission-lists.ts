import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import type { PositionOf } from "../documents/schema-validation.js";
import { permissionListsDisagree } from "./checks/permission-lists-disagree.js";
import { permissionVerbInTools } from "./checks/permission-verb-in-tools.js";
import {
  emptyPermissions,
  type PermissionLevel,
  type PermissionLists,
  permissionLevels,
  type Verb,
} from "./model.js";
import { parsePermissionRule } from "./permission-rule.js";

/** The permissions of a skill or agent frontmatter (already schema-valid) as rule lists, with their warnings. */
export function frontmatterPermissions(
  value: unknown,
  tools: Verb[] | undefined,
  positionOf: PositionOf,
  diagnostics: Diagnostic[],
): PermissionLists {
  const lists = emptyPermissions();
  const written = (value ?? {}) as Partial<Record<PermissionLevel, string[]>>;
  for (const level of permissionLevels) {
    for (const [index, text] of (written[level] ?? []).entries()) {
      const rule = parsePermissionRule(text, positionOf(["permissions", level, index]), diagnostics);
      if (rule) lists[level].push(rule);
    }
  }
  reportDisagreement(lists, diagnostics);
  reportVerbsOutsideTools(lists, tools, diagnostics);
  return lists;
}

/** Warns about a rule that also stands in a stricter list, where it is decided first. */
export function reportDisagreement(lists: PermissionLists, diagnostics: Diagnostic[]): void {
  const decidedBy = new Map<string, PermissionLevel>();
  for (const level of permissionLevels) {
    for (const rule of lists[level]) {
      for (const atom of atomsOf(rule.verb, rule.patterns)) {
        const earlier = decidedBy.get(atom);
        if (earlier === undefined) decidedBy.set(atom, level);
        else if (earlier !== level) diagnostics.push(disagreement(atom, earlier, level, rule.position));
      }
    }
  }
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

/** Warns about allow and ask rules for verbs a skill or agent does not list in 'tools'. */
export function reportVerbsOutsideTools(
  lists: PermissionLists,
  tools: Verb[] | undefined,
  diagnostics: Diagnostic[],
): void {
  if (!tools) return;
  for (const level of ["allow", "ask"] as const) {
    for (const rule of lists[level]) {
      if (tools.includes(rule.verb)) continue;
      diagnostics.push(
        diagnostic(permissionVerbInTools, {
          position: rule.position,
          message: `${level} names "${rule.verb}", which 'tools' does not list`,
        }),
      );
    }
  }
}
