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
