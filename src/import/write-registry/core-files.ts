import { patternKindOf, permissionLevels } from "../../core/model.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import type { SchemaName } from "../../documents/schema-validation.js";
import type { ImportedHook } from "../../packs/hooks/model.js";
import type { ImportedServer } from "../../packs/mcp/model.js";
import type { ImportedItems, ImportedPermission, ImportedSkill } from "../model.js";
import { type Candidate, carriedEntry, carriedMatter } from "./carried-values.js";
import { json, markdown, type RegistryFile, schema } from "./registry-file.js";

/**
 * core/ for the merged items: rules, skills, agents, commands and the JSON files. Each value is checked
 * against the schema the registry's loader checks it with before it is written (src/import/write-registry/carried-values.ts):
 * what core/ refuses is left out and reported, so import never writes what agentc build rejects. `refused`:
 * the native files of items not written at all, which stay the project's.
 */
export function coreFiles(
  items: ImportedItems,
  diagnostics: Diagnostic[],
): { files: Map<string, RegistryFile>; refused: string[] } {
  const files = new Map<string, RegistryFile>();
  const refused: string[] = [];
  const write = (path: string, content: string) =>
    files.set(path, { bytes: Buffer.from(content), executable: false });
  const item = (kind: string, name: string, position: Position, schema: SchemaName, matter: object) => {
    const candidate = { label: `${kind} ${name}`, kind, position, schema };
    const carried = carriedMatter(candidate, { ...matter }, diagnostics);
    if (!carried) refused.push(position.file);
    return carried;
  };
  for (const rule of items.rules) {
    const trigger = rule.triggers[0] ?? "always_on";
    const globs = trigger === "glob" ? rule.globs : undefined;
    const matter = item(
      "rule",
      rule.name,
      rule.position,
      "core-rule",
      defined({ trigger, description: rule.description, globs, clients: rule.clients }),
    );
    if (matter) write(`core/rules/${rule.name}.md`, markdown(matter, rule.body));
  }
  for (const skill of items.skills) {
    const matter = item("skill", skill.name, skill.position, "core-skill", skillMatter(skill));
    if (!matter) continue;
    write(`core/skills/${skill.name}/SKILL.md`, markdown(matter, skill.body));
    for (const file of skill.files)
      files.set(`core/skills/${skill.name}/${file.path}`, { bytes: file.bytes, executable: file.executable });
  }
  for (const agent of items.agents) {
    const { name, description, tools, model } = agent;
    const written = defined({
      name,
      description,
      tools,
      permissions: deny(agent.deny),
      model,
      clients: agent.clients,
    });
    const matter = item("agent", name, agent.position, "core-agent", written);
    if (matter) write(`core/agents/${name}.md`, markdown(matter, agent.body));
  }
  for (const command of items.commands) {
    const { description, argumentHint, model, allow, clients } = command;
    const permissions = allow ? { allow } : undefined;
    const written = defined({ description, argument_hint: argumentHint, model, permissions, clients });
    const matter = item("command", command.name, command.position, "core-command", written);
    if (matter) write(`core/commands/${command.name}.md`, markdown(matter, command.body));
  }
  coreJson(items, write, diagnostics);
  return { files, refused };
}

function skillMatter(skill: ImportedSkill): Record<string, unknown> {
  const { name, description, tools, model, license, compatibility, metadata } = skill;
  return defined({
    name,
    description,
    tools,
    permissions: skillPermissions(skill.deny, skill.allow),
    triggers: skillTriggers(skill),
    model,
    argument_hint: skill.argumentHint,
    license,
    compatibility,
    metadata,
    clients: skill.clients,
  });
}

/** permissions.json, hooks.json and mcp.json: each rule, hook and server checked alone, as its file holds it. */
function coreJson(
  items: ImportedItems,
  write: (path: string, content: string) => void,
  diagnostics: Diagnostic[],
): void {
  const entry = (label: string, kind: string, position: Position, name: SchemaName, document: object) =>
    carriedEntry({ label, kind, position, schema: name } satisfies Candidate, document, diagnostics);
  const file = (name: "permissions" | "hooks" | "mcp", body: object) =>
    write(`core/${name}.json`, json({ $schema: schema(`core-${name}`), version: 1, ...body }));
  const permissions = permissionLevels.flatMap((level) => {
    const rules = items.permissions[level]
      .map((rule) => ({ rule, written: permission(rule) }))
      .filter(({ rule, written }) =>
        entry(`${level} rule ${rule.verb}`, "permission rule", rule.position, "core-permissions", {
          version: 1,
          [level]: [written],
        }),
      );
    return rules.length > 0 ? [[level, rules.map(({ written }) => written)] as const] : [];
  });
  if (permissions.length > 0) file("permissions", Object.fromEntries(permissions));
  const hooks = items.hooks
    .filter((h) =>
      entry(`hook ${h.event}`, "hook", h.position, "core-hooks", { version: 1, hooks: [hook(h)] }),
    )
    .map(hook);
  if (hooks.length > 0) file("hooks", { hooks });
  const servers = items.servers.filter((s) =>
    entry(`MCP server ${s.name}`, "MCP server", s.position, "core-mcp", {
      version: 1,
      servers: { [s.name]: server(s) },
    }),
  );
  if (servers.length > 0)
    file("mcp", { servers: Object.fromEntries(servers.map((s) => [s.name, server(s)])) });
}

function defined(matter: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(matter).filter(([, v]) => v !== undefined));
}

function hook({ position: _, failClosed, verbs, ...rest }: ImportedHook): object {
  return {
    ...rest,
    ...(Array.isArray(verbs) ? { verbs } : {}),
    ...(failClosed ? { fail_closed: true } : {}),
  };
}

function permission(rule: ImportedPermission): object {
  return {
    verb: rule.verb,
    ...(rule.patterns.length > 0 ? { [patternKindOf[rule.verb]]: rule.patterns } : {}),
    ...(rule.clients ? { clients: rule.clients } : {}),
  };
}

function server(s: ImportedServer): object {
  const { name: _, position: __, written: ___, nativeName, ...rest } = s;
  const empty = (v: unknown) =>
    Array.isArray(v) ? v.length === 0 : typeof v === "object" && v !== null && Object.keys(v).length === 0;
  const kept = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && !empty(v)));
  return nativeName === undefined ? kept : { ...kept, name: nativeName };
}

function deny(verbs: string[] | undefined): object | undefined {
  return verbs && verbs.length > 0 ? { deny: verbs } : undefined;
}

function skillPermissions(verbs: string[] | undefined, allow: string[] | undefined): object | undefined {
  const lists = { ...deny(verbs), ...(allow && allow.length > 0 ? { allow } : {}) };
  return Object.keys(lists).length > 0 ? lists : undefined;
}

/** Who starts the skill; nothing written for the default (both), and never neither. */
function skillTriggers(skill: ImportedSkill): string[] | undefined {
  if (skill.userOnly && !skill.modelOnly) return ["user"];
  if (skill.modelOnly && !skill.userOnly) return ["model"];
  return undefined;
}
