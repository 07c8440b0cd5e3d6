import { stringify } from "yaml";
import { patternKindOf } from "../core/model.js";
import { inputLimits } from "../documents/input-limits.js";
import { templateSchemas } from "../shared/schema-paths.js";
import type {
  ImportedHook,
  ImportedItems,
  ImportedPermission,
  ImportedServer,
  ImportedSkill,
} from "./model.js";

/** One file of the registry import writes: its bytes, and whether it keeps an executable bit. */
export interface RegistryFile {
  bytes: Buffer;
  executable: boolean;
}

/** Which built-ins the registry's targets.json chooses: the assistants whose native files were found. */
export interface TargetChoice {
  adapters: string[];
  clients: string[];
}

export const importedSource = "sources/imported";
const schema = (name: string) => `${templateSchemas}${name}.schema.json`;

/** The registry for the merged items: sources.json, targets.json, the always-on rules and core/. */
export function registryFiles(items: ImportedItems, choice: TargetChoice): Map<string, RegistryFile> {
  const files = new Map<string, RegistryFile>();
  const text = (path: string, content: string) =>
    files.set(path, { bytes: Buffer.from(content), executable: false });
  text("sources.json", json(sourcesJson(items)));
  text("targets.json", json(targetsJson(items, choice)));
  const width = Math.max(2, String(items.instructions.length).length);
  items.instructions.forEach((file, index) => {
    text(
      `${importedSource}/${sourceFileName(index, width, file.file)}`,
      `${file.sections.map((s) => s.text).join("\n\n")}\n`,
    );
  });
  items.scoped.forEach((file, index) => {
    const matter = { scope: "scoped", globs: file.globs, description: file.description };
    const body = file.sections.map((s) => s.text).join("\n\n");
    text(`${importedSource}/scoped/${sourceFileName(index, width, file.file)}`, markdown(matter, body));
  });
  for (const rule of items.rules) {
    const trigger = rule.triggers[0] ?? "always_on";
    const matter = {
      trigger,
      description: rule.description,
      globs: trigger === "glob" ? rule.globs : undefined,
      clients: rule.clients,
    };
    text(`core/rules/${rule.name}.md`, markdown(matter, rule.body));
  }
  for (const skill of items.skills) {
    const { name, description, tools, model, license, metadata } = skill;
    const matter = {
      name,
      description,
      tools,
      permissions: skillPermissions(skill.deny, skill.allow),
      triggers: skillTriggers(skill),
      model,
      argument_hint: skill.argumentHint,
      license,
      metadata,
      clients: skill.clients,
    };
    text(`core/skills/${name}/SKILL.md`, markdown(matter, skill.body));
    for (const file of skill.files)
      files.set(`core/skills/${name}/${file.path}`, { bytes: file.bytes, executable: file.executable });
  }
  for (const agent of items.agents) {
    const { name, description, tools, model } = agent;
    text(
      `core/agents/${name}.md`,
      markdown(
        { name, description, tools, permissions: deny(agent.deny), model, clients: agent.clients },
        agent.body,
      ),
    );
  }
  for (const command of items.commands) {
    const matter = {
      description: command.description,
      argument_hint: command.argumentHint,
      model: command.model,
      clients: command.clients,
    };
    text(`core/commands/${command.name}.md`, markdown(matter, command.body));
  }
  coreJson(items, text);
  return files;
}

function coreJson(items: ImportedItems, text: (path: string, content: string) => void): void {
  const levels = (["deny", "ask", "allow"] as const).filter((level) => items.permissions[level].length > 0);
  if (levels.length > 0)
    text(
      "core/permissions.json",
      json({
        $schema: schema("core-permissions"),
        version: 1,
        ...Object.fromEntries(levels.map((l) => [l, items.permissions[l].map(permission)])),
      }),
    );
  if (items.hooks.length > 0)
    text(
      "core/hooks.json",
      json({
        $schema: schema("core-hooks"),
        version: 1,
        hooks: items.hooks.map(hook),
      }),
    );
  if (items.servers.length > 0)
    text(
      "core/mcp.json",
      json({
        $schema: schema("core-mcp"),
        version: 1,
        servers: Object.fromEntries(items.servers.map((s) => [s.name, server(s)])),
      }),
    );
}

/**
 * "01-AGENTS.md", "02-<folder>-<file>.md", "03-<file>.md": numbered, because a source is
 * read in code-point order and AGENTS.md keeps its sections first; always *.md, which a source reads.
 */
export function sourceFileName(index: number, width: number, native: string): string {
  const name = native.replace(/^\.+/, "").replaceAll("/", "-");
  const prefix = `${String(index + 1).padStart(width, "0")}-`;
  let stem = name.replace(/\.md$/, "");
  // The number keeps names unique; a native name near the 255 bytes a file system takes is shortened.
  while (Buffer.byteLength(`${prefix}${stem}.md`) > inputLimits.nameBytes)
    stem = [...stem].slice(0, -1).join("");
  return `${prefix}${stem}.md`;
}

function sourcesJson(items: ImportedItems): object {
  const sources =
    items.instructions.length > 0
      ? [{ name: "imported", kind: "custom", path: importedSource, enabled: true }]
      : [];
  return { $schema: schema("sources"), version: 1, sources };
}

function targetsJson(items: ImportedItems, choice: TargetChoice): object {
  return {
    $schema: schema("targets"),
    version: 1,
    builtin_adapters: choice.adapters,
    builtin_clients: choice.clients.length > 0 ? choice.clients : "none",
    secret_guard: items.guard,
  };
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
  };
}

function server(s: ImportedServer): object {
  const { name: _, position: __, written: ___, ...rest } = s;
  const empty = (v: unknown) =>
    Array.isArray(v) ? v.length === 0 : typeof v === "object" && v !== null && Object.keys(v).length === 0;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && !empty(v)));
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

/** A core Markdown file: YAML frontmatter (undefined values left out) and the body ending in one newline. */
function markdown(matter: Record<string, unknown>, body: string): string {
  const defined = Object.fromEntries(Object.entries(matter).filter(([, v]) => v !== undefined));
  const text = body.replace(/^(?:[ \t]*\n)+/, "").replace(/\s+$/, "");
  return `---\n${stringify(defined, { lineWidth: 0 })}---\n${text}\n`;
}

function json(value: object): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
