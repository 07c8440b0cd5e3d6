import type { ClientPack, PermissionMapping } from "../../clients/model.js";
import { withRuntimePlaceholders } from "../../clients/pack-text.js";
import type { OwnedEntry } from "../../compose/model.js";
import {
  type Core,
  type PermissionLevel,
  type PermissionRule,
  patternKindOf,
  permissionLevels,
  type Verb,
} from "../../core/model.js";
import { type CapabilityRow, capabilityRow } from "./capability.js";
import { type SettingsOutcome, uniqueEntries } from "./settings-part.js";

/** Core skill and agent names, which the pack writes with its prefix. */
interface CoreNames {
  prefix: string;
  skills: Set<string>;
  agents: Set<string>;
}

/** One tool's form of one rule: the text to write, or why the client cannot take it. */
type ToolForm = { text: string } | { lost: string };

/**
 * core/permissions.json through a pack: one array element per rule and tool, in the client's list
 * for the level; every rule part the client cannot express is a "cannot" row, never dropped.
 */
export function permissionEntries(pack: ClientPack, core: Core): SettingsOutcome {
  const mapping = pack.permissions;
  const atoms = permissionLevels.flatMap((level) =>
    core.permissions[level].flatMap((rule) => atomsOf(rule).map((pattern) => ({ level, rule, pattern }))),
  );
  if (!mapping) {
    const rows = atoms.map(({ level, rule, pattern }) =>
      cannot(pack, level, rule, pattern, "the client has no permission settings file"),
    );
    return { parts: [], rows };
  }
  const names: CoreNames = {
    prefix: pack.core_skill_prefix ?? "",
    skills: new Set(core.skills.map((s) => s.name)),
    agents: new Set(core.agents.map((a) => a.name)),
  };
  const entries: OwnedEntry[] = [];
  const rows: CapabilityRow[] = [];
  for (const { level, rule, pattern } of atoms) {
    const outcome = atomOutcome(pack, mapping, names, level, rule, pattern);
    entries.push(...outcome.entries);
    rows.push(...outcome.rows.map((row) => askedFirst(mapping, core, level, rule, pattern, row)));
  }
  entries.push(...extraEntries(mapping));
  const file = withRuntimePlaceholders(pack, mapping.file);
  const parts = entries.length > 0 ? [{ file, format: mapping.format, entries: uniqueEntries(entries) }] : [];
  return { parts, rows };
}

/**
 * With ask_beats_allow, an MCP tool allowed one by one is still asked for when an ask rule covers
 * every MCP tool or its whole server: the allow is written, but the promise is not kept (seed 001).
 */
function askedFirst(
  mapping: PermissionMapping,
  core: Core,
  level: PermissionLevel,
  rule: PermissionRule,
  pattern: string | undefined,
  row: CapabilityRow,
): CapabilityRow {
  if (level !== "allow" || !mapping.mcp_permission_rule?.ask_beats_allow || row.enforcement !== "enforced")
    return row;
  if (patternKindOf[rule.verb] !== "tools") return row;
  const server = pattern?.split("/")[0];
  const asks = core.permissions.ask.filter((r) => patternKindOf[r.verb] === "tools");
  const covering = asks.find(
    (r) => r.patterns.length === 0 || r.patterns.some((p) => p === server || p === `${server}/*`),
  );
  if (!covering) return row;
  const reason = `the client evaluates ask before allow, so the ask rule at line ${covering.position.line} stops this call first; ask for single tools instead of the whole server`;
  return { ...row, enforcement: "cannot", reason };
}

/** A coarse rule is one atom (undefined pattern); a rule with patterns is one atom per pattern. */
function atomsOf(rule: PermissionRule): (string | undefined)[] {
  return rule.patterns.length === 0 ? [undefined] : rule.patterns;
}

function atomOutcome(
  pack: ClientPack,
  mapping: PermissionMapping,
  names: CoreNames,
  level: PermissionLevel,
  rule: PermissionRule,
  pattern: string | undefined,
): { entries: OwnedEntry[]; rows: CapabilityRow[] } {
  const list = mapping.levels[level];
  if (list === undefined) {
    return { entries: [], rows: [cannot(pack, level, rule, pattern, `the client has no "${level}" list`)] };
  }
  const tools = mapping.permission_tools[rule.verb] ?? [];
  if (tools.length === 0) {
    const reason = `the client has no permission tool for the verb "${rule.verb}"`;
    return { entries: [], rows: [cannot(pack, level, rule, pattern, reason)] };
  }
  const forms = tools.map((tool) => ({
    tool,
    form:
      (pattern === undefined ? levelForm(mapping, level, tool) : undefined) ??
      toolForm(mapping, names, rule.verb, tool, pattern),
  }));
  const written = [...new Set(forms.flatMap(({ form }) => ("text" in form ? [form.text] : [])))];
  const rows: CapabilityRow[] = [];
  if (written.length > 0) rows.push(writtenRow(pack, mapping, level, rule, pattern, written));
  for (const { tool, form } of forms) {
    if ("lost" in form) rows.push(cannot(pack, level, rule, pattern, form.lost, tool));
  }
  const path = [...mapping.key, list];
  return { entries: written.map((value) => ({ path, value, element: true })), rows };
}

/** A bare tool the client ignores in this list (patterned rules have their own form). */
function levelForm(mapping: PermissionMapping, level: PermissionLevel, tool: string): ToolForm | undefined {
  const honoured = mapping.permission_tool_levels?.[tool];
  if (honoured === undefined || honoured.includes(level)) return undefined;
  return { lost: `the client ignores ${tool} in its "${mapping.levels[level]}" list` };
}

function toolForm(
  mapping: PermissionMapping,
  names: CoreNames,
  verb: Verb,
  tool: string,
  pattern: string | undefined,
): ToolForm {
  if (pattern === undefined) return { text: tool };
  // MCP rules name the server and tool in the client's own rule form, whatever the verb's tool is.
  if (patternKindOf[verb] === "tools") return mcpForm(mapping, pattern);
  if (mapping.permission_tools_bare.includes(tool)) {
    return { lost: `${tool} is written bare by this client; it cannot be narrowed to "${pattern}"` };
  }
  switch (patternKindOf[verb]) {
    case "paths":
      return mapping.permission_path_tools.includes(tool)
        ? { text: `${tool}(${mapping.permission_path_prefix}${pattern})` }
        : { lost: `the client accepts ${tool}(${pattern}) but never consults it` };
    case "commands":
      return {
        text: `${tool}(${pattern}${mapping.permission_exec_match === "prefix" ? mapping.permission_exec_suffix : ""})`,
      };
    case "domains":
      return {
        text: `${tool}(${(mapping.permission_domain_form ?? "{domain}").split("{domain}").join(pattern)})`,
      };
    case "names":
      return mapping.permission_name_tools.includes(tool)
        ? { text: `${tool}(${prefixedName(names, verb, pattern)})` }
        : { lost: `${tool} takes no skill or agent name in this client's rules` };
  }
}

/** "server", "server/*" and "server/tool" in the client's MCP rule form. */
function mcpForm(mapping: PermissionMapping, pattern: string): ToolForm {
  const forms = mapping.mcp_permission_rule;
  if (!forms) return { lost: "the client has no permission rule form for MCP tools" };
  const [server = "", tool] = pattern.split("/");
  const form = tool === undefined || tool === "*" ? forms.server : forms.tool;
  return {
    text: form
      .split("{server}")
      .join(server)
      .split("{tool}")
      .join(tool ?? ""),
  };
}

/** A core skill or agent is installed under the pack's prefix, and the client compares names literally. */
function prefixedName(names: CoreNames, verb: Verb, name: string): string {
  const core = verb === "skill" ? names.skills : names.agents;
  return core.has(name) ? `${names.prefix}${name}` : name;
}

function extraEntries(mapping: PermissionMapping): OwnedEntry[] {
  const under = Object.entries(mapping.permissions_extra ?? {});
  const top = Object.entries(mapping.settings_extra ?? {});
  return [
    ...under.map(([key, value]) => ({ path: [...mapping.key, key], value })),
    ...top.map(([key, value]) => ({ path: [key], value })),
  ];
}

function promiseOf(level: PermissionLevel, rule: PermissionRule, pattern: string | undefined): string {
  if (pattern === undefined) return `${level} ${rule.verb}`;
  return `${level} ${rule.verb.charAt(0).toUpperCase()}${rule.verb.slice(1)}(${pattern})`;
}

function writtenRow(
  pack: ClientPack,
  mapping: PermissionMapping,
  level: PermissionLevel,
  rule: PermissionRule,
  pattern: string | undefined,
  written: string[],
): CapabilityRow {
  const exactOnly = patternKindOf[rule.verb] === "commands" && mapping.permission_exec_match === "exact";
  const where = `${withRuntimePlaceholders(pack, mapping.file)} ${[...mapping.key, mapping.levels[level]].join(".")}`;
  const writtenAt = `written as ${written.join(", ")} in ${where}`;
  const prefixLost = exactOnly && pattern !== undefined && level !== "allow";
  return capabilityRow(
    pack.client,
    "permission",
    promiseOf(level, rule, pattern),
    rule.position,
    prefixLost ? "cannot" : "enforced",
    prefixLost
      ? `${writtenAt}, but the client matches the exact command only, not "${pattern} …"`
      : writtenAt,
  );
}

function cannot(
  pack: ClientPack,
  level: PermissionLevel,
  rule: PermissionRule,
  pattern: string | undefined,
  reason: string,
  tool?: string,
): CapabilityRow {
  const promise = `${promiseOf(level, rule, pattern)}${tool ? ` through ${tool}` : ""}`;
  return capabilityRow(pack.client, "permission", promise, rule.position, "cannot", reason);
}
