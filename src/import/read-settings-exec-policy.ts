import type { ClientPack, ExecPolicy } from "../clients/model.js";
import { type PermissionLevel, permissionLevels } from "../core/model.js";
import { withRuntimePlaceholders } from "../packs/shared/pack-text.js";
import { valueAt } from "../packs/shared/value-at.js";
import { parseJson } from "../shared/nesting-limit.js";
import { leftOutFinding } from "./checks/native-content-imported.js";
import { nativeText, type ReadContext } from "./read-context.js";
import { addAtom } from "./read-settings-permissions.js";
import type { SettingsDocument } from "./settings-document.js";
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

/**
 * A "lines" exec policy (one rule a line, in a file agentc owns whole) →
 * neutral exec rules, each line read back through the pack's rule template. A line of another form is
 * reported and stays the project's.
 */
export function readExecPolicyLines(ctx: ReadContext, pack: ClientPack): void {
  const policy = pack.exec_policy;
  if (!policy || (policy.shape ?? "lines") !== "lines") return;
  const path = withRuntimePlaceholders(pack, policy.file);
  if (ctx.reader.entry(path).kind !== "file") return;
  const read = nativeText(ctx, path);
  if (!read) return;
  const form = ruleForm(policy.rule);
  for (const [index, raw] of read.text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || (policy.comment !== undefined && line.startsWith(policy.comment.trim()))) continue;
    const position = { file: path, line: index + 1, column: 1 };
    const rule = readRule(form, line, policy);
    if (rule) addAtom(ctx.items.permissions[rule.level], "exec", rule.command, position);
    else
      ctx.diagnostics.push(
        leftOutFinding({
          position,
          message: `${path}:${index + 1} is not a rule of the form agentc writes (${policy.rule}): not imported`,
          hint: "It stays in the project's file only until agentc install writes that file: copy it into core/permissions.json if the registry should carry it.",
        }),
      );
  }
}

/** The rule template as a pattern: {words} a JSON list of strings, {command} any text, {decision} a JSON string. */
function ruleForm(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  const source = escaped
    .replace("{words}", "(?<words>\\[.*\\])")
    .replace("{command}", "(?<command>.+?)")
    .replace("{decision}", '(?<decision>"(?:[^"\\\\]|\\\\.)*")');
  return new RegExp(`^${source}$`);
}

function readRule(
  form: RegExp,
  line: string,
  policy: ExecPolicy,
): { level: PermissionLevel; command: string } | undefined {
  const groups = form.exec(line)?.groups;
  if (!groups) return undefined;
  const decision = parsed(groups.decision);
  const level = permissionLevels.find((l) => policy.decisions[l] === decision);
  const words = groups.words === undefined ? undefined : parsed(groups.words);
  const command =
    groups.command ??
    (Array.isArray(words) && words.every((w) => typeof w === "string") ? words.join(" ") : undefined);
  return level && command && command.trim() !== "" ? { level, command: command.trim() } : undefined;
}

function parsed(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : parseJson(text);
  } catch {
    return undefined;
  }
}
