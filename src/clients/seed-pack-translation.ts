import type { JsonPath } from "../documents/json-document.js";
import { defaultHooksFile } from "../packs/hooks/seed.js";
import { sections } from "../packs/index.js";
import { packPath } from "../packs/shared/placeholders.js";
import {
  isJson,
  isNote,
  type Json,
  type NotActedOn,
  type Put,
  type SeedTranslation,
  withoutNotes,
} from "../packs/shared/seed-pack-model.js";
import { seedVerbMap } from "../packs/shared/seed-verb-map.js";
import type { FileMapping } from "./model.js";
import { denyLimits } from "./seed-deny-limits.js";
import { DocumentedFields } from "./seed-documented-fields.js";
import { seedRuleNumbering } from "./seed-rule-numbering.js";

/** Top-level keys only seed 001's shape has; one of them makes a pack file seed-shaped. */
const seedOnlyKeys = [
  "pack_runtime_dir",
  "permissions_file",
  "has_rule_triggers",
  "rule_frontmatter",
  "core_paths",
  "seed_paths",
  "permission_tools",
  "hook_tools",
  "hook_path_fields",
  "hook_mcp_prefixes",
  "hook_fail_closed",
];

export function isSeedShaped(value: unknown): value is Json {
  return isJson(value) && seedOnlyKeys.some((key) => key in value);
}

/** Where a pack's own files live: clients/<client>/root-template/ (seed 001's layout). */
export function rootTemplateDir(client: string): string {
  return `clients/${client}/root-template`;
}

/**
 * Seed 001's client pack → agentc's client pack (docs/seeds.md, "Client packs in the seed's shape").
 * Keys starting with "_" or ending in "_note" are notes for people and are left out.
 */
export function translateSeedPack(seed: Json): SeedTranslation {
  const out: SeedTranslation = { value: {}, sources: [], notActedOn: [] };
  const put = (path: JsonPath, value: unknown, from: JsonPath) => {
    if (value === undefined) return;
    setAt(out.value, path, value);
    out.sources.push([path, from]);
  };
  identity(seed, put);
  places(seed, put);
  sharedFiles(seed, put, out.notActedOn);
  rules(seed, put, out.notActedOn);
  const documented = new DocumentedFields(seed);
  skills(seed, put, out.notActedOn, documented);
  agents(seed, put, documented);
  out.notActedOn.push(...documented.borrowedNote());
  for (const section of sections) section.seed?.(seed, put, out.notActedOn);
  for (const key of ["command_format", "trust_keys", "notes", "always_loaded_limit", "rule_numbering"])
    put([key], withoutNotes(seed[key]), [key]);
  if (seed.rule_numbering === undefined)
    put(["rule_numbering"], seedRuleNumbering(seed), ["pack_runtime_dir"]);
  return out;
}

function identity(seed: Json, put: Put): void {
  const placeholders = (seed.runtime_placeholders ?? {}) as Record<string, string>;
  put(["client"], seed.client, ["client"]);
  const clientName = placeholders["<CLIENT_NAME>"];
  if (typeof seed.name === "string") put(["name"], seed.name, ["name"]);
  else if (clientName) put(["name"], clientName, ["runtime_placeholders", "<CLIENT_NAME>"]);
  else put(["name"], seed.client, ["client"]);
  put(["docs"], seed.docs ?? [], ["docs"]);
  put(["runtime_placeholders"], withoutNotes(placeholders), ["runtime_placeholders"]);
  put(["project_owned_hint"], seed.project_owned_hint ?? [], ["project_owned_hint"]);
  put(["core_skill_prefix"], seed.core_skill_prefix, ["core_skill_prefix"]);
  put(["agent_start_tools"], seed.agent_start_tools, ["agent_start_tools"]);
}

function places(seed: Json, put: Put): void {
  put(["runtime_dir"], seed.runtime_dir, ["runtime_dir"]);
  put(["root_instruction_file"], seed.root_instruction_file ?? null, ["root_instruction_file"]);
  const rules = "pack_runtime_dir" in seed ? "pack_runtime_dir" : "rules_dir";
  put(["rules_dir"], seed[rules] ?? null, [rules]);
  for (const key of ["skills_dir", "agents_dir", "commands_dir"]) put([key], seed[key] ?? null, [key]);
}

/** shared_core / shared_seed as written, then core_paths / seed_paths from the pack's root-template. */
function sharedFiles(seed: Json, put: Put, notActedOn: NotActedOn[]): void {
  const template = rootTemplateDir(String(seed.client));
  for (const [list, paths] of [
    ["shared_core", "core_paths"],
    ["shared_seed", "seed_paths"],
  ] as const) {
    put([list], [], [list]);
    let next = 0;
    ((seed[list] ?? []) as FileMapping[]).forEach((mapping, i) => {
      const composed = composedInto(seed, mapping.dst);
      if (composed) notActedOn.push(wholeComposedFile(seed, [list, i], mapping, composed));
      else put([list, next++], { src: mapping.src, dst: mapping.dst }, [list, i]);
    });
    ((seed[paths] ?? []) as string[]).forEach((path, i) => {
      put([list, next++], { src: `${template}/${path}`, dst: path }, [paths, i]);
    });
  }
  const imports = seed.root_instruction_imports as string[] | undefined;
  put(["root_instruction_imports"], imports, ["root_instruction_imports"]);
  if (seed.instruction_imports !== undefined)
    put(["instruction_imports"], withoutNotes(seed.instruction_imports), ["instruction_imports"]);
  else if ((imports ?? []).length > 0)
    put(["instruction_imports"], [{ form: "@<path>", outside_code: true }], ["root_instruction_imports"]);
}

/** The settings file a mapping's destination is, when the pack composes permissions or hooks into it. */
function composedInto(seed: Json, dst: string): string | undefined {
  const placeholders = (seed.runtime_placeholders ?? {}) as Record<string, string>;
  const at = (path: unknown) => (typeof path === "string" ? packPath(path, placeholders) : undefined);
  const target = at(dst);
  const hooksFile = seed.hooks ? at((seed.hooks as Json).file ?? defaultHooksFile(seed)) : undefined;
  return [at(seed.permissions_file), hooksFile].find((file) => file !== undefined && file === target);
}

/**
 * Seed 001 seeds its settings file from a framework file; agentc composes permissions, hooks and
 * settings_extra into that file key by key, so a whole-file copy there is left out, and said so.
 */
function wholeComposedFile(seed: Json, path: JsonPath, mapping: FileMapping, file: string): NotActedOn {
  return {
    path,
    severity: "warning",
    message: `${mapping.src} is not written to ${file}: ${String(seed.client)} composes its permissions, hooks and settings_extra into that file key by key, keeping every key the person wrote, and a whole-file copy there would be written once and then composed into`,
    hint: "Write the file's rules in core/permissions.json (and hooks in core/hooks.json), which the pack composes into the same file; or remove the mapping.",
  };
}

/**
 * rule_triggers: condition null loads unconditionally (reported as a deviation unless the trigger is
 * always_on); a condition field is filled from the rule's globs or description. has_rule_triggers
 * false: the client has no load conditions at all.
 */
function rules(seed: Json, put: Put, notActedOn: NotActedOn[]): void {
  if ((seed.pack_runtime_dir ?? seed.rules_dir ?? null) === null) return;
  const triggers = (seed.rule_triggers ?? {}) as Json;
  const extension = ((seed.rule_file ?? {}) as Json).extension ?? ".md";
  put(["rule_file"], { extension, documented_fields: triggers.allowed_fields ?? [] }, ["rule_triggers"]);
  if (seed.has_rule_triggers === false) {
    put(["rule_triggers"], unconditional(seed), ["has_rule_triggers"]);
    return;
  }
  if (seed.rule_triggers === undefined) return;
  put(["rule_triggers", "globs_format"], triggers.condition_format ?? "list", ["rule_triggers"]);
  put(["rule_triggers", "raw_fields"], triggers.raw_fields, ["rule_triggers", "raw_fields"]);
  put(["rule_triggers", "map"], {}, ["rule_triggers", "map"]);
  for (const [trigger, entry] of Object.entries((triggers.map ?? {}) as Record<string, Json>)) {
    if (isNote(trigger)) continue;
    const at = ["rule_triggers", "map", trigger];
    put(at, triggerMapping(seed, trigger, entry), at);
    const field = triggers.condition_field;
    if (typeof entry.condition === "string" && field !== undefined && entry.condition !== field)
      notActedOn.push({
        path: [...at, "condition"],
        severity: "warning",
        message: `${trigger} writes the condition "${entry.condition}", but condition_field says the client's condition is "${String(field)}"; "${entry.condition}" is written`,
        hint: "Use condition_field as the condition of every mapped trigger, or correct condition_field.",
      });
  }
}

function triggerMapping(seed: Json, trigger: string, entry: Json): Json {
  if ("fields" in entry) return withoutNotes(entry) as Json;
  const condition = entry.condition as string | null | undefined;
  if (condition === null || condition === undefined)
    return trigger === "always_on" ? { fields: {} } : { fields: {}, deviation: stricter(seed, trigger) };
  const slot = entry.from === "description" ? "{description}" : "{globs}";
  return { fields: { [condition]: slot } };
}

function stricter(seed: Json, trigger: string): Json {
  const name = clientName(seed);
  const promise = trigger === "manual" ? "only when asked for" : `by ${trigger.replace("_", " ")}`;
  return {
    severity: trigger === "model_decision" ? "info" : "warning",
    message: `${name} loads this rule at every session start, not ${promise} (stricter than promised, and it costs context)`,
  };
}

function unconditional(seed: Json): Json {
  const map: Json = { always_on: { fields: {} } };
  for (const trigger of ["model_decision", "glob", "manual"])
    map[trigger] = { fields: {}, deviation: stricter(seed, trigger) };
  return { globs_format: "list", map };
}

function skills(seed: Json, put: Put, notActedOn: NotActedOn[], documented: DocumentedFields): void {
  const format = seed.skill_frontmatter as Json | undefined;
  if (format === undefined) return;
  const at = (key: string): JsonPath => ["skill_frontmatter", key];
  const deny = format.skill_deny_unmapped;
  const written = {
    fields: format.fields ?? { name: "name", description: "description" },
    tools_field: format.tools_field ?? null,
    tools_format: format.tools_format ?? "csv",
    tool_names: seedVerbMap(format.tool_names as Json | undefined),
    model_invocation_field: format.model_invocation_field ?? null,
    ...(format.model_invocation_value === undefined
      ? {}
      : { model_invocation_value: format.model_invocation_value }),
    ...(format.user_invocation_field === undefined
      ? {}
      : { user_invocation_field: format.user_invocation_field }),
    skill_deny_field: format.skill_deny_field ?? null,
    deny_tools_from: format.deny_tools_from ?? (seed.hook_tools ? "hook_tools" : "tool_names"),
    ...(deny === undefined ? {} : { skill_deny_unmapped: "argument_patterns" }),
    ...limitsOf(format),
    drop_fields: format.drop_fields ?? [],
  };
  put(
    ["skill_frontmatter"],
    { ...written, documented_fields: documented.of("skill_frontmatter", writtenFields(written)) },
    ["skill_frontmatter"],
  );
  for (const key of Object.keys(written))
    if (key in format) put([...at(key)], (written as Json)[key], at(key));
  if (format.tool_names !== undefined && written.tools_field === null)
    notActedOn.push({
      path: at("tool_names"),
      severity: "info",
      message:
        "skill_frontmatter.tool_names is read, but no tools_field says where a skill's tools go, so a skill's tool limit is reported (AGC080) instead of written",
      hint: "Name the client's field in tools_field if it restricts a skill's tools (a field that only pre-approves tools, such as allowed-tools, restricts nothing).",
    });
  if (written.skill_deny_limits && !("skill_deny_limits" in format))
    put([...at("skill_deny_limits")], written.skill_deny_limits, at("skill_permissions_ersatz"));
}

/** skill_deny_limits as written, else the numbered limits of skill_permissions_ersatz. */
function limitsOf(format: Json): { skill_deny_limits?: string[] } {
  if (Array.isArray(format.skill_deny_limits))
    return { skill_deny_limits: format.skill_deny_limits as string[] };
  const prose = format.skill_permissions_ersatz;
  return typeof prose === "string" && prose.trim() !== "" ? { skill_deny_limits: denyLimits(prose) } : {};
}

function agents(seed: Json, put: Put, documented: DocumentedFields): void {
  const format = seed.agent_frontmatter as Json | undefined;
  if (format === undefined || (seed.agents_dir ?? null) === null) return;
  const written = {
    format: format.format ?? "markdown",
    extension: format.extension ?? ".md",
    fields: format.fields ?? { name: "name", description: "description" },
    ...(format.body_field === undefined ? {} : { body_field: format.body_field }),
    tools_field: format.tools_field ?? null,
    tools_format: format.tools_format ?? "csv",
    tool_names: seedVerbMap(format.tool_names as Json | undefined),
    ...(format.deny_field === undefined ? {} : { deny_field: format.deny_field }),
  };
  const fields = documented.of("agent_frontmatter", writtenFields(written));
  put(["agent_frontmatter"], { ...written, documented_fields: fields }, ["agent_frontmatter"]);
}

/** A section that declares no documented fields documents what it writes (the seed names none). */
function writtenFields(section: Json): string[] {
  const fields = Object.values((section.fields ?? {}) as Record<string, string>);
  const named = [
    "tools_field",
    "model_invocation_field",
    "user_invocation_field",
    "skill_deny_field",
    "deny_field",
  ]
    .map((key) => section[key])
    .filter((value): value is string => typeof value === "string");
  return [...new Set([...fields, ...named])];
}

export function clientName(seed: Json): string {
  const placeholders = (seed.runtime_placeholders ?? {}) as Record<string, string>;
  return String(seed.name ?? placeholders["<CLIENT_NAME>"] ?? seed.client);
}

function setAt(root: Json, path: JsonPath, value: unknown): void {
  let node: Record<string | number, unknown> = root;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    node[key] ??= typeof path[i + 1] === "number" ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
}
