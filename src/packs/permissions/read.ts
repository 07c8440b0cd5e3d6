import { canonicalJson } from "../../compose/value-hash.js";
import { type PermissionLevel, permissionLevels } from "../../core/model.js";
import { isObject } from "../../shared/json-shape.js";
import type { ReadDocument, ReadReport } from "../section.js";
import { valueAt } from "../shared/value-at.js";
import { actionMapRuleText } from "./action-map.js";
import { addAtom } from "./atoms.js";
import type { PermissionMapping, PermissionsFound, PermissionsPack } from "./model.js";
import { readRuleObject } from "./rule-objects.js";
import { readRuleText, targetText } from "./rule-text.js";

/** One settings file read through one pack's permission data, and where what is read goes. */
interface Reading {
  pack: PermissionsPack;
  mapping: PermissionMapping;
  document: ReadDocument;
  report: ReadReport;
  found: PermissionsFound;
}

/**
 * The permission lists under the pack's key → neutral rules, one per coarse verb and one per verb with
 * patterns, in the order first written. Returns the top-level keys the part owns.
 */
export function readPermissions(
  pack: PermissionsPack,
  mapping: PermissionMapping,
  document: ReadDocument,
  report: ReadReport,
  found: PermissionsFound,
): string[] {
  const r: Reading = { pack, mapping, document, report, found };
  const policies = readPolicies(r);
  const top = [
    ...report.extrasAgree([], mapping.settings_extra, document.value),
    ...policies.filter((path) => path.length === 1).map(String),
  ];
  const base = mapping.key;
  if (mapping.rule_shape === undefined || mapping.rule_shape === "lists") top.push(...readLevelKeys(r));
  const container = valueAt(document.value, mapping.key);
  if (container === undefined) return top;
  if (mapping.rule_shape === "rule_objects") {
    readRuleObjects(r, container);
    return [...top, String(base[0])];
  }
  const isPolicy = (name: string) => policies.some((path) => samePath(path, [...base, name]));
  if (!isObject(container)) {
    report.unowned(base, "is not an object of permission lists");
    return [...top, String(base[0])];
  }
  const extras = report.extrasAgree(base, mapping.permissions_extra, container);
  if (mapping.rule_shape === "action_map") {
    const rules = Object.fromEntries(
      Object.entries(container).filter(([name]) => !extras.includes(name) && !isPolicy(name)),
    );
    readActionMap(r, base, rules);
    return [...top, String(base[0])];
  }
  for (const [name, list] of Object.entries(container)) {
    const level = permissionLevels.find((l) => mapping.levels[l] === name && !mapping.level_keys?.[l]);
    if (level) readList(r, level, [...base, name], list);
    else if (!extras.includes(name) && !isPolicy(name)) report.unowned([...base, name]);
  }
  return [...top, String(base[0])];
}

/**
 * The pack's policy values the project's file has (paths returned): with the pack's value, the policy is
 * the project's, and targets.json turns it on (client_policies); with another value it stays theirs.
 */
function readPolicies(r: Reading): string[][] {
  const { pack, mapping, document, report, found } = r;
  const present: string[][] = [];
  for (const { path, value } of mapping.policy_values ?? []) {
    const written = valueAt(document.value, path);
    if (written === undefined) continue;
    present.push(path);
    if (canonicalJson(written) !== canonicalJson(value)) {
      const why = `is ${JSON.stringify(written)}, where the policy of ${pack.name} writes ${JSON.stringify(value)}`;
      report.unowned(path, why);
      continue;
    }
    const turnedOn = found.policies[pack.client] ?? [];
    found.policies[pack.client] = [...new Set([...turnedOn, path.join(".")])];
  }
  return present;
}

/**
 * The lists the pack keeps elsewhere than under its key (level_keys), each read like the others; the keys
 * beside such a list stay the project's. Returns the top-level keys they sit under.
 */
function readLevelKeys(r: Reading): string[] {
  const { mapping, document, report } = r;
  const owned: string[] = [];
  for (const level of permissionLevels) {
    const path = mapping.level_keys?.[level];
    const list = path && valueAt(document.value, path);
    if (!path || list === undefined) continue;
    readList(r, level, path, list);
    const parent = path.slice(0, -1);
    const beside = valueAt(document.value, parent);
    if (parent.length > 0 && !samePath(parent, mapping.key) && isObject(beside))
      for (const name of Object.keys(beside).filter((n) => n !== path.at(-1)))
        report.unowned([...parent, name]);
    owned.push(String(path[0]));
  }
  return owned;
}

function samePath(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  return a.length === b.length && a.every((key, i) => String(key) === String(b[i]));
}

function readList(r: Reading, level: PermissionLevel, path: (string | number)[], list: unknown): void {
  const { pack, mapping, document, report, found } = r;
  if (!Array.isArray(list)) {
    report.unowned(path, "is not a list of rules");
    return;
  }
  const rules = found.permissions[level];
  for (const [index, text] of list.entries()) {
    const at = [...path, index];
    const atom =
      typeof text === "string" ? readRuleText(text, mapping, pack.core_skill_prefix ?? "") : undefined;
    if (!atom || "problem" in atom) {
      report.unowned(
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
function readActionMap(r: Reading, base: (string | number)[], container: Record<string, unknown>): void {
  const { pack, mapping, document, report, found } = r;
  const levelOf = (action: unknown) => permissionLevels.find((l) => mapping.levels[l] === action);
  const add = (text: string, action: unknown, at: (string | number)[]) => {
    const level = levelOf(action);
    const atom = readRuleText(text, mapping, pack.core_skill_prefix ?? "");
    if (!level || "problem" in atom) {
      const why = level ? (atom as { problem: string }).problem : `says ${JSON.stringify(action)}, no level`;
      report.unowned(at, `(${JSON.stringify(text)}) ${why}`);
      return;
    }
    addAtom(found.permissions[level], atom.verb, atom.pattern, document.positionOf(at));
  };
  for (const [tool, value] of Object.entries(container)) {
    if (!isObject(value)) {
      add(tool, value, [...base, tool]);
      continue;
    }
    for (const [pattern, action] of Object.entries(value))
      add(actionMapRuleText(tool, pattern), action, [...base, tool, pattern]);
  }
}

/**
 * A list of rule objects (`{"tool": "Bash", "matches": {"cmd": ["git push"]}, "action": "reject"}`) read
 * back through the pack's template: each pattern as the rule text `tool(pattern)`, a coarse object as the
 * tool itself, the action as the level. An object of another shape, or whose pattern is matched against
 * another argument than the one agentc writes for its tool, stays the project's.
 */
function readRuleObjects(r: Reading, list: unknown): void {
  const { pack, mapping, document, report, found } = r;
  const base = mapping.key;
  if (!Array.isArray(list)) {
    report.unowned(base, "is not a list of rule objects");
    return;
  }
  const template = mapping.rule_object ?? {};
  for (const [index, element] of list.entries()) {
    const at = [...base, index];
    const read = readRuleObject(template, element);
    const level = permissionLevels.find((l) => mapping.levels[l] === read?.action);
    const expectedKey = read && mapping.permission_argument_keys?.[read.tool];
    if (!read || !level || (read.argumentKey !== undefined && read.argumentKey !== expectedKey)) {
      report.unowned(at, "is not a rule object agentc writes for this client");
      continue;
    }
    const targets =
      read.arguments.length === 0
        ? [{ tool: read.tool }]
        : read.arguments.map((argument) => ({ tool: read.tool, argument }));
    const texts = targets.map(targetText);
    for (const text of texts) {
      const atom = readRuleText(text, mapping, pack.core_skill_prefix ?? "");
      if ("problem" in atom) report.unowned(at, `(${JSON.stringify(text)}) ${atom.problem}`);
      else addAtom(found.permissions[level], atom.verb, atom.pattern, document.positionOf(at));
    }
  }
}
