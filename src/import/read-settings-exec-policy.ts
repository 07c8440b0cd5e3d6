import type { ExecPolicy } from "../clients/model.js";
import { permissionLevels } from "../core/model.js";
import type { ReadContext } from "./read-context.js";
import { addAtom } from "./read-settings-permissions.js";
import { type SettingsDocument, valueAt } from "./settings-document.js";
import { unowned } from "./settings-values.js";

/**
 * The lists of a json_list exec policy (a command allowlist) → neutral exec rules, one command each, at the
 * level whose decision names the list. Returns the top-level keys the policy owns.
 */
export function readExecPolicyLists(
  ctx: ReadContext,
  policy: ExecPolicy,
  document: SettingsDocument,
): string[] {
  const key = policy.key ?? [];
  const owned: string[] = [];
  for (const level of permissionLevels) {
    const name = policy.decisions[level];
    if (name === undefined) continue;
    const path = [...key, name];
    owned.push(String(path[0]));
    const list = valueAt(document.value, path);
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      unowned(ctx, document, path, "is not a list of commands");
      continue;
    }
    for (const [index, command] of list.entries()) {
      const at = [...path, index];
      if (typeof command !== "string" || command.trim() === "")
        unowned(ctx, document, at, "is not a command");
      else addAtom(ctx.items.permissions[level], "exec", command.trim(), document.positionOf(at));
    }
  }
  return [...new Set(owned)];
}
