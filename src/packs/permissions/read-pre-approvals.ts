import { type ItemReadContext, leftOut } from "../shared/items/read-context.js";
import { type ItemFile, withoutField } from "../shared/items/read-fields.js";
import type { PermissionsPack } from "./model.js";
import { readRuleText } from "./rule-text.js";

/**
 * An item file split at its pack's pre-approval field (`allow_field` of skills and commands, absent where the
 * pack has none): the rest, read by the item's fields, and the rules the field holds (readPreApprovals).
 */
export function splitPreApprovals(
  ctx: ItemReadContext,
  pack: PermissionsPack,
  item: ItemFile,
  field: string | null | undefined,
): { rest: ItemFile; allow: string[] } {
  if (!field) return { rest: item, allow: [] };
  const allow = field in item.values ? readPreApprovals(ctx, pack, item, field) : [];
  return { rest: withoutField(item, field), allow };
}

/**
 * A skill's or command's pre-approved tools (the pack's `allow_field`, written in the rule form of the pack's
 * permissions: pre-approvals.ts) → the item's neutral `permissions.allow` entries (`Exec(git diff)`), once
 * each: the build writes one rule per shell (`Bash(…)`, `PowerShell(…)`), which read back alike.
 */
function readPreApprovals(
  ctx: ItemReadContext,
  pack: PermissionsPack,
  item: ItemFile,
  field: string,
): string[] {
  const value = item.values[field];
  const texts = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  const allow: string[] = [];
  for (const text of texts.map((t) => String(t).trim()).filter((t) => t !== "")) {
    const atom = pack.permissions
      ? readRuleText(text, pack.permissions, pack.core_skill_prefix ?? "")
      : { problem: "the pack has no permission data to read it with" };
    if ("problem" in atom) {
      leftOut(
        ctx,
        item.positionOf(field),
        `"${text}" in "${field}" of ${item.file} ${atom.problem}: not imported`,
      );
      continue;
    }
    const verb = `${atom.verb.charAt(0).toUpperCase()}${atom.verb.slice(1)}`;
    const entry = atom.pattern === undefined ? atom.verb : `${verb}(${atom.pattern})`;
    if (!allow.includes(entry)) allow.push(entry);
  }
  return allow;
}
