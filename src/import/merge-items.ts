import { diagnostic } from "../checks/check.js";
import { nativeContentImported } from "../checks/import/native-content-imported.js";
import { canonicalJson } from "../compose/value-hash.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import { sha256 } from "../shared/hash.js";
import { mergeInstructions } from "./merge-instructions.js";
import { type AssistantImport, emptyItems, type ImportedItems, type ImportedPermission } from "./model.js";

interface Named {
  name: string;
  position: Position;
}

/**
 * The items of every assistant as one registry, earlier assistants first. The same item twice is one
 * item; a different item under a name already taken is kept under `<name>-<assistant>` and reported;
 * a rule whose text and load condition another rule has already is that rule.
 */
export function mergeItems(imports: AssistantImport[]): { items: ImportedItems; diagnostics: Diagnostic[] } {
  const items = emptyItems();
  const diagnostics: Diagnostic[] = [];
  for (const { assistant, items: own } of imports) {
    const keep = <T extends Named>(list: T[], item: T, kind: string, folder: string) =>
      keepNamed(list, item, assistant.id, kind, folder, diagnostics);
    items.instructions.push(...own.instructions);
    for (const rule of own.rules) if (!sameRule(items, rule)) keep(items.rules, rule, "rule", "core/rules");
    for (const skill of own.skills) keep(items.skills, skill, "skill", "core/skills");
    for (const agent of own.agents) keep(items.agents, agent, "agent", "core/agents");
    for (const command of own.commands) keep(items.commands, command, "command", "core/commands");
    for (const level of ["deny", "ask", "allow"] as const)
      for (const rule of own.permissions[level]) addPermission(items.permissions[level], rule);
    for (const hook of own.hooks) if (!items.hooks.some((h) => same(h, hook))) items.hooks.push(hook);
    for (const server of own.servers) keep(items.servers, server, "MCP server", "core/mcp.json");
    items.guard ||= own.guard;
  }
  items.instructions = mergeInstructions(items.instructions, diagnostics);
  separateCommands(items, diagnostics);
  return { items, diagnostics };
}

function keepNamed<T extends Named>(
  list: T[],
  item: T,
  assistant: string,
  kind: string,
  folder: string,
  diagnostics: Diagnostic[],
): void {
  const taken = list.find((other) => other.name === item.name);
  if (!taken) {
    list.push(item);
    return;
  }
  if (same(taken, item)) return;
  const name = freeName(list, `${item.name}-${assistant}`);
  diagnostics.push(renamed(item.position, `${kind} ${item.name}`, taken.position, `${folder}: ${name}`));
  list.push({ ...item, name });
}

/** A rule with the text and load condition of one imported already; a description fills a gap. */
function sameRule(items: ImportedItems, rule: ImportedItems["rules"][number]): boolean {
  const twin = items.rules.find(
    (r) =>
      r.trigger === rule.trigger &&
      r.body.trim() === rule.body.trim() &&
      r.globs.join("\n") === rule.globs.join("\n"),
  );
  if (twin && twin.description === undefined && rule.description !== undefined)
    twin.description = rule.description;
  return twin !== undefined;
}

/** Skills and commands share one namespace: a command named like a skill gets "-command". */
function separateCommands(items: ImportedItems, diagnostics: Diagnostic[]): void {
  const skills = new Set(items.skills.map((s) => s.name));
  items.commands = items.commands.map((command) => {
    if (!skills.has(command.name)) return command;
    const name = freeName(items.commands, `${command.name}-command`);
    const skill = items.skills.find((s) => s.name === command.name);
    diagnostics.push(
      renamed(command.position, `command ${command.name}`, skill?.position, `core/commands: ${name}`),
    );
    return { ...command, name };
  });
}

function addPermission(rules: ImportedPermission[], rule: ImportedPermission): void {
  const coarse = rule.patterns.length === 0;
  const same = rules.find((r) => r.verb === rule.verb && (r.patterns.length === 0) === coarse);
  if (!same) rules.push({ ...rule, patterns: [...rule.patterns] });
  else for (const p of rule.patterns) if (!same.patterns.includes(p)) same.patterns.push(p);
}

/** Equal apart from where it was found (supporting files compared by hash). */
function same(a: { position: Position }, b: { position: Position }): boolean {
  return comparable(a) === comparable(b);
}

function comparable(item: { position: Position; files?: { bytes: Buffer }[] }): string {
  const { position: _, files, ...rest } = item;
  const hashed = files?.map((file) => ({ ...file, bytes: sha256(file.bytes) }));
  return canonicalJson({ ...rest, ...(hashed ? { files: hashed } : {}) });
}

export function freeName(list: Named[], wanted: string): string {
  let name = wanted;
  for (let n = 2; list.some((item) => item.name === name); n++) name = `${wanted}-${n}`;
  return name;
}

function renamed(at: Position, what: string, first: Position | undefined, as: string): Diagnostic {
  const from = first ? ` (${first.file} has another one of that name)` : "";
  return diagnostic(nativeContentImported, {
    position: at,
    message: `${what} differs from the one imported first${from}: imported as ${as}`,
    hint: "Keep one of the two in the registry, or give them names of their own.",
  });
}
