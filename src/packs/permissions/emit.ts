import type { OwnedEntry } from "../../compose/model.js";
import {
  type Core,
  type PermissionLevel,
  type PermissionRule,
  patternKindOf,
  type Verb,
} from "../../core/model.js";
import type { SectionInput } from "../section.js";
import { type CapabilityRow, capabilityRow } from "../shared/capability.js";
import type { OwnedFile } from "../shared/items/emit-context.js";
import { withRuntimePlaceholders } from "../shared/pack-text.js";
import { type SettingsOutcome, uniqueEntries } from "../shared/settings-part.js";
import {
  actionMapEntries,
  bareWholeTools,
  inEvaluationOrder,
  type ShapedEntries,
  wholeTools,
} from "./action-map.js";
import { type Atom, permissionAtoms, promiseOf, takenByExecPolicy } from "./atoms.js";
import { type ExecAtom, execPolicyOutcome } from "./exec-policy.js";
import { levelListPath } from "./list-path.js";
import type { PermissionMapping, PermissionsPack } from "./model.js";
import { argumentsPerObject, execArguments, fillRuleObject } from "./rule-objects.js";
import { coreNames, ruleTargets } from "./rule-targets.js";
import { type CoreNames, type RuleTarget, targetText } from "./rule-text.js";

/** Why a rule is lost for a client whose only lists are its exec policy's. */
const onlyCommandLists = "the client's only permission lists take shell commands";

/**
 * core/permissions.json through a pack: one array element per rule and tool, in the client's list
 * for the level; exec rules with a command in its exec policy when it has one (exec-policy.ts); every rule
 * part the client cannot express is a "cannot" row, never dropped. Rows keep the core's order.
 */
export function permissionEntries(
  pack: PermissionsPack,
  input: SectionInput,
): SettingsOutcome & { files: OwnedFile[] } {
  const { core } = input;
  const mapping = pack.permissions;
  const atoms = permissionAtoms(core);
  const policy = pack.exec_policy;
  const inPolicy = (atom: Atom) => policy !== undefined && takenByExecPolicy(atom);
  const exec = policy
    ? execPolicyOutcome(pack, policy, atoms.filter(inPolicy).map(execAtom))
    : { files: [], parts: [], rows: [] };
  const context: AtomsContext = {
    pack,
    core,
    mapping,
    atoms,
    policyRows: exec.rows,
    inPolicy,
    names: coreNames(pack, core),
    unmapped: policy ? onlyCommandLists : "the client has no permission settings file",
  };
  const { entries, rows } = shapedAtoms(context, new Set());
  if (!mapping) return { parts: exec.parts, rows, files: exec.files };
  if (mapping.rule_shape === "action_map")
    entries.splice(0, entries.length, ...inEvaluationOrder(mapping, entries));
  if (entries.length > 0 || !mapping.extras_only_with_rules) entries.push(...extraEntries(mapping));
  entries.push(...policyEntries(mapping, input.targets?.client_policies?.[pack.client] ?? []));
  if (mapping.rule_shape === "action_map") {
    const whole = wholeTools(mapping, entries);
    entries.splice(0, entries.length, ...bareWholeTools(mapping, entries, whole));
    // A tool written whole is named so in the rows too (`grep = "allow"`), known once every entry is.
    if (whole.size > 0) rows.splice(0, rows.length, ...shapedAtoms(context, whole).rows);
  }
  const file = withRuntimePlaceholders(pack, mapping.file);
  const composed = asTable(mapping.compose_as_table, uniqueEntries(entries));
  const parts = composed.length > 0 ? [{ file, format: mapping.format, entries: composed }] : [];
  return { parts: [...parts, ...exec.parts], rows, files: exec.files };
}

interface AtomsContext {
  pack: PermissionsPack;
  core: Core;
  mapping: PermissionMapping | undefined;
  atoms: Atom[];
  /** The exec policy's rows, one per atom it takes, in order. */
  policyRows: CapabilityRow[];
  inPolicy: (atom: Atom) => boolean;
  names: CoreNames;
  /** Why a rule is lost when the pack has no permission settings. */
  unmapped: string;
}

/** Each atom's entries and rows, in the core's order; `whole`: the tools the action map writes whole. */
function shapedAtoms(context: AtomsContext, whole: ReadonlySet<unknown>) {
  const { pack, core, mapping, names } = context;
  const policyRows = [...context.policyRows];
  const entries: OwnedEntry[] = [];
  const rows: CapabilityRow[] = [];
  for (const atom of context.atoms) {
    const { level, rule, pattern } = atom;
    if (context.inPolicy(atom)) rows.push(...policyRows.splice(0, 1));
    else if (!mapping) rows.push(cannot(pack, level, rule, pattern, context.unmapped));
    else {
      const outcome = atomOutcome(pack, mapping, names, level, rule, pattern, whole);
      const stopped =
        outcome.entries.length > 0 ? askedFirst(mapping, core, level, rule, pattern) : undefined;
      if (stopped) rows.push(cannot(pack, level, rule, pattern, stopped));
      else {
        entries.push(...outcome.entries);
        rows.push(...outcome.rows);
      }
    }
  }
  return { entries, rows };
}

function execAtom({ level, rule, pattern = "" }: Atom): ExecAtom {
  return { level, rule, command: pattern, promise: promiseOf(level, rule, pattern) };
}

/**
 * With ask_beats_allow, an MCP tool allowed one by one is still asked for when an ask rule covers every
 * MCP tool (written in the pack's `all` form, seed 001's `pauschal`) or its whole server: the client never
 * reaches the allow (seed 001, Prüfung 101). Such an allow is not written; the reason says why and what to
 * ask for instead. Undefined when nothing stops it.
 */
function askedFirst(
  mapping: PermissionMapping,
  core: Core,
  level: PermissionLevel,
  rule: PermissionRule,
  pattern: string | undefined,
): string | undefined {
  const forms = mapping.mcp_permission_rule;
  if (level !== "allow" || !forms?.ask_beats_allow || patternKindOf[rule.verb] !== "tools") return undefined;
  const server = pattern?.split("/")[0] ?? "";
  const asks = core.permissions.ask.filter((r) => patternKindOf[r.verb] === "tools");
  const covering = asks.find(
    (r) => r.patterns.length === 0 || r.patterns.some((p) => p === server || p === `${server}/*`),
  );
  if (!covering) return undefined;
  const written = covering.patterns.length === 0 ? forms.all : forms.server.split("{server}").join(server);
  return `not written: the client evaluates ask before allow, so the ask rule at line ${covering.position.line}, written as ${written}, stops this call before the allow is reached; ask for single tools (${pattern ?? "server/tool"} and the others one by one) instead of ${written}`;
}

function atomOutcome(
  pack: PermissionsPack,
  mapping: PermissionMapping,
  names: CoreNames,
  level: PermissionLevel,
  rule: PermissionRule,
  pattern: string | undefined,
  whole: ReadonlySet<unknown>,
): { entries: OwnedEntry[]; rows: CapabilityRow[] } {
  const list = mapping.levels[level];
  if (list === undefined) {
    return { entries: [], rows: [cannot(pack, level, rule, pattern, `the client has no "${level}" list`)] };
  }
  const targets = ruleTargets(mapping, names, level, rule, pattern);
  if (targets.noTool) return { entries: [], rows: [cannot(pack, level, rule, pattern, targets.noTool)] };
  const byShape =
    mapping.rule_shape === "action_map"
      ? actionMapEntries(mapping, level, targets.written, whole)
      : mapping.rule_shape === "rule_objects"
        ? ruleObjectEntries(mapping, level, rule.verb, targets.written)
        : listEntries(mapping, level, list, targets.written);
  const rows: CapabilityRow[] = [];
  if (byShape.texts.length > 0) rows.push(writtenRow(pack, mapping, level, rule, pattern, byShape.texts));
  const lost = [...targets.lost, ...(byShape.lost ?? [])];
  for (const { tool, reason } of lost) rows.push(cannot(pack, level, rule, pattern, reason, tool));
  return { entries: byShape.entries, rows };
}

function listEntries(
  mapping: PermissionMapping,
  level: PermissionLevel,
  list: string,
  written: RuleTarget[],
): ShapedEntries {
  const texts = [...new Set(written.map(targetText))];
  const path = levelListPath(mapping, level, list);
  return { texts, entries: texts.map((value) => ({ path, value, element: true })) };
}

/**
 * One rule object per tool in the list at the pack's key. Atoms come deny first, then ask, then allow, so a
 * client that takes the first matching object keeps the core's order of levels.
 */
function ruleObjectEntries(
  mapping: PermissionMapping,
  level: PermissionLevel,
  verb: Verb,
  written: RuleTarget[],
): ShapedEntries {
  const template = mapping.rule_object ?? {};
  const keyed = JSON.stringify(template).includes("{argument_key}");
  const shaped: ShapedEntries = { texts: [], entries: [], lost: [] };
  for (const { tool, argument } of written) {
    const argumentKey = mapping.permission_argument_keys?.[tool];
    if (keyed && argument !== undefined && argumentKey === undefined) {
      shaped.lost?.push({
        tool,
        reason: `the pack names no argument of ${tool} a pattern is matched against`,
      });
      continue;
    }
    const args = argument === undefined ? [] : execArguments(mapping, verb, argument);
    for (const objectArgs of argumentsPerObject(template, args)) {
      const value = fillRuleObject(template, {
        tool,
        action: mapping.levels[level] ?? level,
        arguments: objectArgs,
        ...(argumentKey === undefined ? {} : { argumentKey }),
      });
      shaped.texts.push(JSON.stringify(value));
      shaped.entries.push({ path: mapping.key, value, element: true });
    }
  }
  return shaped;
}

/** The entries under `table` as one entry holding them all, nested by their paths; the others as they are. */
function asTable(table: string[] | undefined, entries: OwnedEntry[]): OwnedEntry[] {
  if (!table) return entries;
  const inside = (e: OwnedEntry) => !e.element && table.every((segment, i) => e.path[i] === segment);
  const nested: Record<string, unknown> = {};
  for (const entry of entries.filter(inside))
    setAt(nested, entry.path.slice(table.length).map(String), entry.value);
  const rest = entries.filter((e) => !inside(e));
  return Object.keys(nested).length > 0 ? [...rest, { path: table, value: nested }] : rest;
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  const [head, ...tail] = path;
  if (head === undefined) return;
  if (tail.length === 0) target[head] = value;
  else {
    target[head] = target[head] ?? {};
    setAt(target[head] as Record<string, unknown>, tail, value);
  }
}

function extraEntries(mapping: PermissionMapping): OwnedEntry[] {
  const under = Object.entries(mapping.permissions_extra ?? {});
  const top = Object.entries(mapping.settings_extra ?? {});
  return [
    ...under.map(([key, value]) => ({ path: [...mapping.key, key], value })),
    ...top.map(([key, value]) => ({ path: [key], value })),
    ...(mapping.values_at ?? []).map(({ path, value }) => ({ path, value })),
  ];
}

/** The pack's policy values the registry turned on (targets.json client_policies), by their dotted path. */
function policyEntries(mapping: PermissionMapping, policies: readonly string[]): OwnedEntry[] {
  return (mapping.policy_values ?? [])
    .filter(({ path }) => policies.includes(path.join(".")))
    .map(({ path, value }) => ({ path, value }));
}

function writtenRow(
  pack: PermissionsPack,
  mapping: PermissionMapping,
  level: PermissionLevel,
  rule: PermissionRule,
  pattern: string | undefined,
  written: string[],
): CapabilityRow {
  const exactOnly = patternKindOf[rule.verb] === "commands" && mapping.permission_exec_match === "exact";
  const listed =
    mapping.rule_shape === undefined || mapping.rule_shape === "lists"
      ? levelListPath(mapping, level, mapping.levels[level] ?? level)
      : mapping.key;
  const where = `${withRuntimePlaceholders(pack, mapping.file)} ${listed.join(".")}`;
  const writtenAt = `written as ${written.join(", ")} in ${where}`;
  const prefixLost = exactOnly && pattern !== undefined && level !== "allow";
  const pathPartial = patternKindOf[rule.verb] === "paths" && pattern !== undefined;
  const reasons = [mapping.partial_because, pathPartial ? mapping.path_rules_partial_because : undefined];
  const partialBecause = reasons.filter((r) => r !== undefined).join("; ") || undefined;
  return capabilityRow(
    pack.client,
    "permission",
    promiseOf(level, rule, pattern),
    rule.position,
    prefixLost ? "cannot" : partialBecause ? "partial" : "enforced",
    prefixLost
      ? `${writtenAt}, but the client matches the exact command only, not "${pattern} …"`
      : partialBecause
        ? `${writtenAt}; ${partialBecause}`
        : writtenAt,
  );
}

function cannot(
  pack: PermissionsPack,
  level: PermissionLevel,
  rule: PermissionRule,
  pattern: string | undefined,
  reason: string,
  tool?: string,
): CapabilityRow {
  const promise = `${promiseOf(level, rule, pattern)}${tool ? ` through ${tool}` : ""}`;
  return capabilityRow(pack.client, "permission", promise, rule.position, "cannot", reason);
}
