import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { PositionOf } from "../documents/schema-validation.js";
import { disagreementFindings } from "./checks/permission-lists-disagree.js";
import { verbsOutsideToolsFindings } from "./checks/permission-verb-in-tools.js";
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
  diagnostics.push(...disagreementFindings(lists), ...verbsOutsideToolsFindings(lists, tools));
  return lists;
}
