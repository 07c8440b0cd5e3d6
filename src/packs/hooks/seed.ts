import type { Verb } from "../../core/model.js";
import { builtinSection } from "../shared/builtin-pack.js";
import { isJson, type Json, type NotActedOn, type Put, withoutNotes } from "../shared/seed-pack-model.js";
import { seedVerbMap } from "../shared/seed-verb-map.js";

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

/** What a seed-shaped pack states of its hooks itself; the rest of the hooks section is the client's form. */
const statedBySeed = new Set([
  "file",
  "format",
  "key",
  "hook_tools",
  "hook_path_fields",
  "hook_mcp_prefixes",
  "hook_project_dir_var",
]);

/**
 * The hook events and entry form of the built-in pack of the same client (clients/<client>.json), for
 * a seed-shaped pack that names none: seed 001 states the client's hook facts, not its event names.
 */
export function builtinHookForm(client: string): Json | undefined {
  const hooks = builtinSection(client, "hooks");
  if (!hooks || !isJson(hooks.events) || !isJson(hooks.entry)) return undefined;
  return Object.fromEntries(Object.entries(hooks).filter(([key]) => !statedBySeed.has(key)));
}
