import type { Verb } from "../core/model.js";
import {
  isNote,
  type Json,
  type NotActedOn,
  type Put,
  withoutNotes,
} from "../packs/shared/seed-pack-model.js";
import { builtinHookForm } from "./builtin-hook-form.js";

/** The seed's verbs that are not neutral verbs: search is both grep and glob, write is edit. */
const seedVerbs: Record<string, Verb[]> = { search: ["grep", "glob"], write: ["edit"] };

/** A verb → tool names map in the seed's verbs, as neutral verbs (names of a verb given twice are joined). */
export function seedVerbMap(map: Json | undefined): Partial<Record<Verb, string[]>> {
  const out: Partial<Record<Verb, string[]>> = {};
  for (const [verb, names] of Object.entries(map ?? {})) {
    if (isNote(verb)) continue;
    for (const neutral of seedVerbs[verb] ?? [verb as Verb])
      out[neutral] = [...new Set([...(out[neutral] ?? []), ...(names as string[])])];
  }
  return out;
}

const permissionKeys = [
  "permission_path_tools",
  "permission_name_tools",
  "permission_tools_bare",
  "permission_path_prefix",
  "permission_exec_match",
  "permission_exec_suffix",
  "permission_domain_form",
  "permission_tool_levels",
  "permissions_extra",
  "settings_extra",
] as const;

const permissionDefaults: Json = {
  permission_path_tools: [],
  permission_name_tools: [],
  permission_tools_bare: [],
  permission_path_prefix: "",
  permission_exec_match: "exact",
  permission_exec_suffix: "",
};

/**
 * permissions_file and the permission_* fields → the permissions section. The levels deny, ask and
 * allow under the key "permissions" are the seed's (its README: Berechtigungen deny / ask / allow;
 * permissions_extra sits inside the permissions object).
 */
export function seedPermissions(seed: Json, put: Put): void {
  const file = seed.permissions_file;
  if (typeof file !== "string") return;
  const at = ["permissions"];
  put(at, {}, ["permissions_file"]);
  put([...at, "file"], file, ["permissions_file"]);
  put([...at, "format"], file.endsWith(".toml") ? "toml" : "json", ["permissions_file"]);
  put([...at, "key"], ["permissions"], ["permissions_file"]);
  put([...at, "levels"], { deny: "deny", ask: "ask", allow: "allow" }, ["permissions_file"]);
  const tools = seedVerbMap(seed.permission_tools as Json | undefined);
  put([...at, "permission_tools"], tools, ["permission_tools"]);
  for (const key of permissionKeys) put([...at, key], seed[key] ?? permissionDefaults[key], [key]);
  const written = seed.mcp_permission_rule as Json | undefined;
  const rule = mcpRule(written);
  put([...at, "mcp_permission_rule"], rule, ["mcp_permission_rule"]);
  // pauschal is the rule text of every MCP tool: a rule on the verb mcp without a server is written so
  const all = written && "pauschal" in written ? "pauschal" : "all";
  if (rule && (tools.mcp ?? []).length > 0)
    put(
      [...at, "permission_coarse_forms"],
      Object.fromEntries((tools.mcp ?? []).map((tool) => [tool, rule.all])),
      ["mcp_permission_rule", all],
    );
}

/** The seed's German keys (werkzeug, pauschal, rueckfrage_schlaegt_freigabe) or agentc's. */
function mcpRule(rule: Json | undefined): Json | undefined {
  if (!rule) return undefined;
  const tool = String(rule.werkzeug ?? rule.tool ?? "").replaceAll("{werkzeug}", "{tool}");
  const all = rule.pauschal ?? rule.all;
  const cut = tool.indexOf("{server}");
  const server = rule.server ?? (cut >= 0 ? tool.slice(0, cut + "{server}".length) : undefined);
  if (tool === "" || all === undefined || server === undefined) return undefined;
  const askFirst = rule.rueckfrage_schlaegt_freigabe ?? rule.ask_beats_allow;
  return { tool, server, all, ...(askFirst === undefined ? {} : { ask_beats_allow: askFirst }) };
}

const seedHookFields = [
  "hook_tools",
  "hook_path_fields",
  "hook_mcp_prefixes",
  "hook_project_dir_var",
  "hook_fail_closed",
] as const;

/** Verbs the secret guard judges, in the order of the built-in packs. */
const guardVerbs: Verb[] = ["read", "grep", "glob", "edit", "exec", "fetch", "mcp"];

/**
 * The seed's hook_* fields join `hooks` (event names and the entry form, which the seed does not
 * state); hook_fail_closed calls the guard with --fail-closed. Without `hooks` they are those of the
 * built-in pack of the same client, said in one info line; without either nothing is written, and the
 * fields that were read are reported.
 */
export function seedHooks(seed: Json, put: Put, notActedOn: NotActedOn[]): void {
  const written = withoutNotes(seed.hooks) as Json | undefined;
  const read = seedHookFields.filter((key) => key in seed);
  if (!written && read.length === 0) return;
  const borrowed = written ? undefined : builtinHookForm(String(seed.client));
  const given = written ?? borrowed;
  const hookTools = seedVerbMap(seed.hook_tools as Json | undefined);
  const file = written?.file ?? defaultHooksFile(seed);
  put(["hooks"], given ?? { events: {}, entry: {} }, written ? ["hooks"] : [read[0] ?? "hook_tools"]);
  put(["hooks", "file"], file, written?.file === undefined ? ["runtime_placeholders"] : ["hooks", "file"]);
  put(["hooks", "format"], written?.format ?? (String(file).endsWith(".toml") ? "toml" : "json"), ["hooks"]);
  put(["hooks", "key"], written?.key ?? ["hooks"], ["hooks"]);
  put(["hooks", "hook_can_block"], given ? (given.hook_can_block ?? true) : false, ["hooks"]);
  put(["hooks", "hook_fail_closed"], given?.hook_fail_closed ?? false, ["hooks"]);
  if (borrowed) notActedOn.push(borrowedForm(seed, read));
  put(["hooks", "hook_tools"], hookTools, ["hook_tools"]);
  put(["hooks", "hook_path_fields"], seed.hook_path_fields ?? [], ["hook_path_fields"]);
  put(["hooks", "hook_mcp_prefixes"], seed.hook_mcp_prefixes ?? [], ["hook_mcp_prefixes"]);
  put(["hooks", "hook_project_dir_var"], seed.hook_project_dir_var, ["hook_project_dir_var"]);
  if (!given) return void notActedOn.push(...withoutEvents(seed, read));
  const guard = (withoutNotes(seed.guard) as Json | undefined) ?? defaultGuard(seed, hookTools);
  if (!guard) return;
  const failClosed = guard.fail_closed ?? seed.hook_fail_closed === true;
  put(["guard"], { ...guard, fail_closed: failClosed }, seed.guard ? ["guard"] : ["hook_fail_closed"]);
}

/** Says that the client's hook events and entry form come from agentc's built-in pack of that client. */
function borrowedForm(seed: Json, read: readonly string[]): NotActedOn {
  const client = String(seed.client);
  return {
    path: [read[0] ?? "hook_tools"],
    severity: "info",
    message: `the pack names no hook events and no entry form, so ${client}'s are taken from agentc's built-in pack (clients/${client}.json); ${read.join(", ")} are the pack's own`,
    hint: 'To choose them yourself, add "hooks": {"events": {…}, "entry": {…}} in agentc\'s names (docs/client-settings.md).',
  };
}

/**
 * Without hook events and an entry form nothing is written into the client's hooks: hook_tools still
 * names the deny field's tools, the other hook facts wait for `hooks` and are reported.
 */
function withoutEvents(seed: Json, read: readonly string[]): NotActedOn[] {
  const idle = read.filter((key) => key !== "hook_tools");
  const first = idle[0];
  if (!first) return [];
  return [
    {
      path: [first],
      severity: "warning",
      message: `${idle.join(", ")} ${idle.length > 1 ? "are" : "is"} read, but the pack names no hook events and no entry form, so no hook and no secret guard is written for ${String(seed.client)}${read.includes("hook_tools") ? " (hook_tools names the tools of the deny fields only)" : ""}`,
      hint: 'Add "hooks": {"events": {"before_tool": "…"}, "entry": {…}} in agentc\'s names (docs/client-settings.md); the seed\'s hook_* fields join it.',
    },
  ];
}

/** Seed 001 keeps hooks in the settings file: the <HOOKS_FILE> placeholder, else the permissions file. */
export function defaultHooksFile(seed: Json): unknown {
  const placeholders = (seed.runtime_placeholders ?? {}) as Json;
  return "<HOOKS_FILE>" in placeholders ? "<HOOKS_FILE>" : seed.permissions_file;
}

function defaultGuard(seed: Json, hookTools: Partial<Record<Verb, string[]>>): Json | undefined {
  const verbs = guardVerbs.filter((verb) => (hookTools[verb] ?? []).length > 0);
  if (verbs.length === 0) return undefined;
  return { path: `${String(seed.runtime_dir)}/hooks/agentc-guard.mjs`, command: "node {path}", verbs };
}
