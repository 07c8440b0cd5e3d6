import { permissionLevels } from "../../core/model.js";
import type { ReadDocument, ReadReport } from "../section.js";
import type { ItemReadContext } from "../shared/items/read-context.js";
import { withRuntimePlaceholders } from "../shared/pack-text.js";
import { valueAt } from "../shared/value-at.js";
import { addAtom } from "./atoms.js";
import { readRuleLine } from "./exec-rule-line.js";
import type { ExecPolicy, PermissionsFound, PermissionsPack } from "./model.js";

/**
 * The lists of a json_list exec policy (a command allowlist) → neutral exec rules, one command each, at the
 * level whose decision names the list. Returns the top-level keys the policy owns.
 */
export function readExecPolicyLists(
  policy: ExecPolicy,
  document: ReadDocument,
  report: ReadReport,
  found: PermissionsFound,
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
      report.unowned(path, "is not a list of commands");
      continue;
    }
    for (const [index, command] of list.entries()) {
      const at = [...path, index];
      if (typeof command !== "string" || command.trim() === "") report.unowned(at, "is not a command");
      else addAtom(found.permissions[level], "exec", command.trim(), document.positionOf(at));
    }
  }
  return [...new Set(owned)];
}

/**
 * A "lines" exec policy (one rule a line, in a file agentc owns whole) → neutral exec rules, each line read
 * back through the pack's rule template (rule-line.ts). A line of another form is reported and stays the
 * project's.
 */
export function readExecPolicyLines(
  ctx: ItemReadContext,
  pack: PermissionsPack,
  found: PermissionsFound,
): void {
  const policy = pack.exec_policy;
  if (!policy || (policy.shape ?? "lines") !== "lines") return;
  const path = withRuntimePlaceholders(pack, policy.file);
  if (ctx.reader.entry(path).kind !== "file") return;
  const read = ctx.report.text(path);
  if (!read) return;
  for (const [index, raw] of read.text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || (policy.comment !== undefined && line.startsWith(policy.comment.trim()))) continue;
    const position = { file: path, line: index + 1, column: 1 };
    const rule = readRuleLine(policy.rule, line);
    const level = permissionLevels.find((l) => rule && policy.decisions[l] === rule.decision);
    if (rule && level) addAtom(found.permissions[level], "exec", rule.command, position);
    else
      ctx.report.leftOut(
        position,
        `${path}:${index + 1} is not a rule of the form agentc writes (${policy.rule}): not imported`,
        "It stays in the project's file only until agentc install writes that file: copy it into core/permissions.json if the registry should carry it.",
      );
  }
}
