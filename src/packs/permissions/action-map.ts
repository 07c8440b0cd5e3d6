import type { OwnedEntry } from "../../compose/model.js";
import { type PermissionLevel, permissionLevels } from "../../core/model.js";
import type { PermissionRuleForm } from "./model.js";
import { type RuleTarget, targetText } from "./rule-text.js";

/** The values one rule atom puts into the client's file, and how the capability row names them. */
export interface ShapedEntries {
  texts: string[];
  entries: OwnedEntry[];
  /** Tools the shape cannot write the rule for, with the reason. */
  lost?: { tool: string; reason: string }[];
}

/** The key an action map gives a coarse rule: every argument. */
const everyArgument = "*";

/**
 * A rule atom as action-map values: `key.tool.argument = action`, a coarse rule under the "*"
 * argument; a tool in permission_tools_bare takes the action itself (`key.tool = action`).
 */
export function actionMapEntries(
  mapping: PermissionRuleForm & { key: string[] },
  level: PermissionLevel,
  written: RuleTarget[],
): ShapedEntries {
  const action = mapping.levels[level] ?? level;
  const paths = written.map(({ tool, argument }) =>
    mapping.permission_tools_bare.includes(tool) ? [tool] : [tool, argument ?? everyArgument],
  );
  return {
    texts: paths.map(
      ([tool, argument]) =>
        `${tool}${argument === undefined ? "" : `[${JSON.stringify(argument)}]`} = "${action}"`,
    ),
    entries: paths.map((path) => ({ path: [...mapping.key, ...path], value: action })),
  };
}

/**
 * A tool whose only key is "*", written as the action itself (`"edit": "allow"` for `"edit": {"*": "allow"}`):
 * the form the client's docs show first and people write, which import reads back as the same rule. The
 * object form cannot be composed into a person's file that has the string: no key can go under a string.
 */
export function bareWholeTools(mapping: { key: string[] }, entries: OwnedEntry[]): OwnedEntry[] {
  const depth = mapping.key.length;
  const underKey = (path: OwnedEntry["path"]) =>
    path.length > depth && mapping.key.every((segment, i) => path[i] === segment);
  const keysOfTool = new Map<unknown, number>();
  for (const { path } of entries)
    if (underKey(path)) keysOfTool.set(path[depth], (keysOfTool.get(path[depth]) ?? 0) + 1);
  return entries.map((entry) => {
    const { path } = entry;
    const whole =
      underKey(path) &&
      path.length === depth + 2 &&
      path[depth + 1] === everyArgument &&
      keysOfTool.get(path[depth]) === 1;
    return whole ? { ...entry, path: path.slice(0, depth + 1) } : entry;
  });
}

/** An action map's key read back as the rule text it stands for: the tool itself under "*". */
export function actionMapRuleText(tool: string, argument: string): string {
  return targetText(argument === everyArgument ? { tool } : { tool, argument });
}

/**
 * The client takes the last matching key, the core the first matching level (deny, then ask, then
 * allow): allow values come first and deny values last. A key two levels give keeps the stronger
 * level's action.
 */
export function inEvaluationOrder(mapping: PermissionRuleForm, entries: OwnedEntry[]): OwnedEntry[] {
  const rank = (entry: OwnedEntry) =>
    -permissionLevels.findIndex((level) => mapping.levels[level] === entry.value);
  const byPath = new Map<string, OwnedEntry>();
  for (const entry of [...entries].sort((a, b) => rank(a) - rank(b))) {
    byPath.set(JSON.stringify(entry.path), entry);
  }
  return [...byPath.values()];
}
