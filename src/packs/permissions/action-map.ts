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
 * argument; a tool in permission_tools_bare takes the action itself (`key.tool = action`). `whole`: the
 * tools bareWholeTools writes as the action itself, which the texts name so.
 */
export function actionMapEntries(
  mapping: PermissionRuleForm & { key: string[] },
  level: PermissionLevel,
  written: RuleTarget[],
  whole: ReadonlySet<unknown> = new Set(),
): ShapedEntries {
  const action = mapping.levels[level] ?? level;
  const paths = written.map(({ tool, argument }) =>
    mapping.permission_tools_bare.includes(tool) ? [tool] : [tool, argument ?? everyArgument],
  );
  const shown = (tool: string, argument: string | undefined) =>
    argument === undefined || (argument === everyArgument && whole.has(tool))
      ? ""
      : `[${JSON.stringify(argument)}]`;
  return {
    texts: paths.map(([tool = "", argument]) => `${tool}${shown(tool, argument)} = "${action}"`),
    entries: paths.map((path) => ({ path: [...mapping.key, ...path], value: action })),
  };
}

/**
 * A tool whose only key is "*", written as the action itself (`"edit": "allow"` for `"edit": {"*": "allow"}`):
 * the form the client's docs show first and people write, which import reads back as the same rule. The
 * object form cannot be composed into a person's file that has the string: no key can go under a string.
 */
export function bareWholeTools(
  mapping: { key: string[] },
  entries: OwnedEntry[],
  whole: ReadonlySet<unknown>,
): OwnedEntry[] {
  const depth = mapping.key.length;
  return entries.map((entry) =>
    isWholeToolEntry(mapping, entry) && whole.has(entry.path[depth])
      ? { ...entry, path: entry.path.slice(0, depth + 1) }
      : entry,
  );
}

/** The tools whose one key under the action map is "*", which bareWholeTools writes as the action itself. */
export function wholeTools(mapping: { key: string[] }, entries: OwnedEntry[]): Set<unknown> {
  const depth = mapping.key.length;
  const keysOfTool = new Map<unknown, number>();
  for (const { path } of entries)
    if (underKey(mapping, path)) keysOfTool.set(path[depth], (keysOfTool.get(path[depth]) ?? 0) + 1);
  return new Set(
    entries
      .filter((entry) => isWholeToolEntry(mapping, entry) && keysOfTool.get(entry.path[depth]) === 1)
      .map((entry) => entry.path[depth]),
  );
}

const underKey = (mapping: { key: string[] }, path: OwnedEntry["path"]): boolean =>
  path.length > mapping.key.length && mapping.key.every((segment, i) => path[i] === segment);

/** `key.tool."*"`: a rule on every argument of a tool. */
const isWholeToolEntry = (mapping: { key: string[] }, { path }: OwnedEntry): boolean =>
  underKey(mapping, path) &&
  path.length === mapping.key.length + 2 &&
  path[mapping.key.length + 1] === everyArgument;

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
