import type { ClientPack, PermissionMapping } from "../clients/model.js";
import { canonicalJson } from "../compose/value-hash.js";
import { type PermissionLevel, permissionLevels } from "../core/model.js";
import { readRuleObject } from "../emit/clients/rule-objects.js";
import { valueAt } from "../packs/shared/value-at.js";
import { isObject } from "../shared/json-shape.js";
import type { ImportedPermission } from "./model.js";
import type { ReadContext } from "./read-context.js";
import { reversePermission } from "./reverse-permissions.js";
import type { SettingsDocument } from "./settings-document.js";
import { extrasAgree, unowned } from "./settings-values.js";

/**
 * The permission lists under the pack's key → neutral rules, one per coarse verb and one per verb with
 * patterns, in the order first written. Returns the top-level keys the part owns.
 */
export function readPermissions(
  ctx: ReadContext,
  pack: ClientPack,
  mapping: PermissionMapping,
  document: SettingsDocument,
): string[] {
  const policies = readPolicies(ctx, pack, mapping, document);
  const top = [
    ...extrasAgree(ctx, document, [], mapping.settings_extra, document.value),
    ...policies.filter((path) => path.length === 1).map(String),
  ];
  const base = mapping.key;
  if (mapping.rule_shape === undefined || mapping.rule_shape === "lists")
    top.push(...readLevelKeys(ctx, pack, mapping, document));
  const container = valueAt(document.value, mapping.key);
  if (container === undefined) return top;
  if (mapping.rule_shape === "rule_objects") {
    readRuleObjects(ctx, pack, mapping, document, container);
    return [...top, String(base[0])];
  }
  const isPolicy = (name: string) => policies.some((path) => samePath(path, [...base, name]));
  if (!isObject(container)) {
    unowned(ctx, document, base, "is not an object of permission lists");
    return [...top, String(base[0])];
  }
  const extras = extrasAgree(ctx, document, base, mapping.permissions_extra, container);
  if (mapping.rule_shape === "action_map") {
    const rules = Object.fromEntries(
      Object.entries(container).filter(([name]) => !extras.includes(name) && !isPolicy(name)),
    );
    readActionMap(ctx, pack, mapping, document, base, rules);
    return [...top, String(base[0])];
  }
  for (const [name, list] of Object.entries(container)) {
    const level = permissionLevels.find((l) => mapping.levels[l] === name && !mapping.level_keys?.[l]);
    if (level) readList(ctx, pack, mapping, document, level, [...base, name], list);
    else if (!extras.includes(name) && !isPolicy(name)) unowned(ctx, document, [...base, name]);
  }
  return [...top, String(base[0])];
}

/**
 * The pack's policy values the project's file has (paths returned): with the pack's value, the policy is
 * the project's, and targets.json turns it on (client_policies); with another value it stays theirs.
 */
function readPolicies(
  ctx: ReadContext,
  pack: ClientPack,
  mapping: PermissionMapping,
  document: SettingsDocument,
): string[][] {
  const present: string[][] = [];
  for (const { path, value } of mapping.policy_values ?? []) {
    const found = valueAt(document.value, path);
    if (found === undefined) continue;
    present.push(path);
    if (canonicalJson(found) !== canonicalJson(value)) {
      const why = `is ${JSON.stringify(found)}, where the policy of ${pack.name} writes ${JSON.stringify(value)}`;
      unowned(ctx, document, path, why);
      continue;
    }
    const turnedOn = ctx.items.policies[pack.client] ?? [];
    ctx.items.policies[pack.client] = [...new Set([...turnedOn, path.join(".")])];
  }
  return present;
}

/**
 * The lists the pack keeps elsewhere than under its key (level_keys), each read like the others; the keys
 * beside such a list stay the project's. Returns the top-level keys they sit under.
 */
function readLevelKeys(
  ctx: ReadContext,
  pack: ClientPack,
  mapping: PermissionMapping,
  document: SettingsDocument,
): string[] {
  const owned: string[] = [];
  for (const level of permissionLevels) {
    const path = mapping.level_keys?.[level];
    const list = path && valueAt(document.value, path);
    if (!path || list === undefined) continue;
    readList(ctx, pack, mapping, document, level, path, list);
    const parent = path.slice(0, -1);
    const beside = valueAt(document.value, parent);
    if (parent.length > 0 && !samePath(parent, mapping.key) && isObject(beside))
      for (const name of Object.keys(beside).filter((n) => n !== path.at(-1)))
        unowned(ctx, document, [...parent, name]);
    owned.push(String(path[0]));
  }
  return owned;
}

function samePath(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  return a.length === b.length && a.every((key, i) => String(key) === String(b[i]));
}

function readList(
  ctx: ReadContext,
  pack: ClientPack,
  mapping: PermissionMapping,
  document: SettingsDocument,
  level: PermissionLevel,
  path: (string | number)[],
  list: unknown,
): void {
  if (!Array.isArray(list)) {
    unowned(ctx, document, path, "is not a list of rules");
    return;
  }
  const rules = ctx.items.permissions[level];
  for (const [index, text] of list.entries()) {
    const at = [...path, index];
    const atom =
      typeof text === "string" ? reversePermission(text, mapping, pack.core_skill_prefix ?? "") : undefined;
    if (!atom || "problem" in atom) {
      unowned(
        ctx,
        document,
        at,
        `(${JSON.stringify(text)}) ${atom && "problem" in atom ? atom.problem : "is not a rule string"}`,
      );
      continue;
    }
    addAtom(rules, atom.verb, atom.pattern, document.positionOf(at));
  }
}

/**
 * A map of tool → action, or tool → {pattern → action} (`"bash": {"git push *": "ask"}`), as a pack of
 * rule_shape action_map writes it: each key read back as the rule text `tool(pattern)`, `*` as the tool
 * itself, the action as the level.
 */
function readActionMap(
  ctx: ReadContext,
  pack: ClientPack,
  mapping: PermissionMapping,
  document: SettingsDocument,
  base: (string | number)[],
  container: Record<string, unknown>,
): void {
  const levelOf = (action: unknown) => permissionLevels.find((l) => mapping.levels[l] === action);
  const add = (text: string, action: unknown, at: (string | number)[]) => {
    const level = levelOf(action);
    const atom = reversePermission(text, mapping, pack.core_skill_prefix ?? "");
    if (!level || "problem" in atom) {
      const why = level ? (atom as { problem: string }).problem : `says ${JSON.stringify(action)}, no level`;
      unowned(ctx, document, at, `(${JSON.stringify(text)}) ${why}`);
      return;
    }
    addAtom(ctx.items.permissions[level], atom.verb, atom.pattern, document.positionOf(at));
  };
  for (const [tool, value] of Object.entries(container)) {
    if (!isObject(value)) {
      add(tool, value, [...base, tool]);
      continue;
    }
    for (const [pattern, action] of Object.entries(value))
      add(pattern === "*" ? tool : `${tool}(${pattern})`, action, [...base, tool, pattern]);
  }
}

/**
 * A list of rule objects (`{"tool": "Bash", "matches": {"cmd": ["git push"]}, "action": "reject"}`) read
 * back through the pack's template: each pattern as the rule text `tool(pattern)`, a coarse object as the
 * tool itself, the action as the level. An object of another shape, or whose pattern is matched against
 * another argument than the one agentc writes for its tool, stays the project's.
 */
function readRuleObjects(
  ctx: ReadContext,
  pack: ClientPack,
  mapping: PermissionMapping,
  document: SettingsDocument,
  list: unknown,
): void {
  const base = mapping.key;
  if (!Array.isArray(list)) {
    unowned(ctx, document, base, "is not a list of rule objects");
    return;
  }
  const template = mapping.rule_object ?? {};
  for (const [index, element] of list.entries()) {
    const at = [...base, index];
    const read = readRuleObject(template, element);
    const level = permissionLevels.find((l) => mapping.levels[l] === read?.action);
    const expectedKey = read && mapping.permission_argument_keys?.[read.tool];
    if (!read || !level || (read.argumentKey !== undefined && read.argumentKey !== expectedKey)) {
      unowned(ctx, document, at, "is not a rule object agentc writes for this client");
      continue;
    }
    const texts = read.arguments.length === 0 ? [read.tool] : read.arguments.map((a) => `${read.tool}(${a})`);
    for (const text of texts) {
      const atom = reversePermission(text, mapping, pack.core_skill_prefix ?? "");
      if ("problem" in atom) unowned(ctx, document, at, `(${JSON.stringify(text)}) ${atom.problem}`);
      else addAtom(ctx.items.permissions[level], atom.verb, atom.pattern, document.positionOf(at));
    }
  }
}

export function addAtom(
  rules: ImportedPermission[],
  verb: ImportedPermission["verb"],
  pattern: string | undefined,
  position: ImportedPermission["position"],
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
