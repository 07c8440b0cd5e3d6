import type { PermissionLevel } from "../../core/model.js";
import { type Diagnostic, groupFile, type Position } from "../../diagnostics/diagnostic.js";
import type { ImportedHook } from "../../packs/hooks/model.js";
import { leftOutFinding } from "../checks/native-content-imported.js";
import { type AssistantImport, emptyItems, type ImportedItems, type ImportedPermission } from "../model.js";
import { mergeInstructions, readersOfSharedText } from "./merge-instructions.js";
import { type ItemKind, mergeReadings, type Reading } from "./merge-readings.js";

interface Named {
  name: string;
  position: Position;
}

/**
 * The items of every assistant as one registry, earlier assistants first. Two assistants' files of one
 * item (same name, consistent as src/import/merge/merge-readings.ts says) are one item, each filling in what
 * the other's format could not write; a rule with the text of another is that rule. A different item
 * under a name already taken is kept as `<name>-<assistant>` and reported. `alwaysOn`: the one always-on
 * file (AGENTS.md), whose sections come first.
 */
export function mergeItems(
  imports: AssistantImport[],
  alwaysOn?: string,
): { items: ImportedItems; diagnostics: Diagnostic[] } {
  const items = emptyItems();
  const diagnostics: Diagnostic[] = [];
  const lists = { rule: [], skill: [], agent: [], command: [], server: [], hook: [] } as ReadingLists;
  const atoms: PermissionAtom[] = [];
  // A client whose sandbox agentc switched on for the denied reads carries those rules in that form.
  const sandboxing: string[] = [];
  for (const { assistant, items: own } of imports) {
    const read = <T extends { position: Position }>(item: T) => ({
      item,
      ...(assistant.pack ? { pack: assistant.pack } : {}),
      neutralText: false,
    });
    const keep = <T extends Named>(kind: ItemKind, list: Reading<T>[], item: T, twin?: (i: T) => boolean) =>
      keepNamed(kind, list, read(item), { assistant: assistant.id, twin }, diagnostics);
    const readBy = assistant.pack ? [assistant.pack.client] : [];
    items.instructions.push(...own.instructions);
    items.scoped.push(...own.scoped);
    for (const rule of own.rules) keep("rule", lists.rule, rule, (r) => r.body.trim() === rule.body.trim());
    for (const skill of own.skills) keep("skill", lists.skill, skill);
    for (const agent of own.agents) keep("agent", lists.agent, agent);
    for (const command of own.commands) keep("command", lists.command, command);
    for (const level of ["deny", "ask", "allow"] as const)
      for (const rule of own.permissions[level]) addPermissionAtoms(atoms, level, rule, readBy);
    if (own.sandboxesReads) sandboxing.push(...readBy);
    let lastHook = -1;
    for (const hook of own.hooks) lastHook = addHook(lists.hook, read({ ...hook, readBy }), lastHook);
    for (const server of own.servers) keep("server", lists.server, { ...server, readBy });
    items.guard ||= own.guard;
    for (const [client, paths] of Object.entries(own.policies))
      items.policies[client] = [...new Set([...(items.policies[client] ?? []), ...paths])];
  }
  for (const atom of atoms.filter((a) => a.level === "deny" && a.verb === "read"))
    atom.readBy = [...new Set([...atom.readBy, ...sandboxing])].sort();
  for (const level of ["deny", "ask", "allow"] as const)
    items.permissions[level] = permissionRules(atoms, level);
  const slugs = new Set<string>();
  // The always-on file first, whichever assistant read it, so that its rebuild keeps its order.
  const first = (file: { file: string }) => (file.file === alwaysOn ? 0 : 1);
  items.instructions.sort((a, b) => first(a) - first(b));
  const shared = readersOfSharedText(items.instructions);
  if (shared.readers.length > 0) items.sharedReaders = shared.readers;
  items.instructions = mergeInstructions(shared.files, diagnostics, slugs);
  items.scoped = mergeInstructions(items.scoped, diagnostics, slugs);
  const items_ = {
    ...items,
    rules: plain(lists.rule),
    skills: plain(lists.skill),
    agents: plain(lists.agent),
  };
  const rest = { commands: plain(lists.command), servers: plain(lists.server), hooks: plain(lists.hook) };
  return { items: { ...items_, ...rest }, diagnostics };
}

interface ReadingLists {
  rule: Reading<ImportedItems["rules"][number]>[];
  skill: Reading<ImportedItems["skills"][number]>[];
  agent: Reading<ImportedItems["agents"][number]>[];
  command: Reading<ImportedItems["commands"][number]>[];
  server: Reading<ImportedItems["servers"][number]>[];
  hook: Reading<ImportedHook>[];
}

function plain<T>(readings: Reading<T>[]): T[] {
  return readings.map((reading) => reading.item);
}

const folders: Record<ItemKind, string> = {
  rule: "core/rules",
  skill: "core/skills",
  agent: "core/agents",
  command: "core/commands",
  server: "core/mcp.json",
  hook: "core/hooks.json",
};

interface Keeping<T> {
  assistant: string;
  /** Another item that is this one under another name (a rule with the same text). */
  twin?: (item: T) => boolean;
}

function keepNamed<T extends Named>(
  kind: ItemKind,
  list: Reading<T>[],
  reading: Reading<T>,
  how: Keeping<T>,
  diagnostics: Diagnostic[],
): void {
  const { item } = reading;
  const named = list.findIndex((other) => other.item.name === item.name);
  const twins = list.flatMap((other, i) =>
    i !== named && (how.twin?.(other.item) || nativeNameOf(other.item) === item.name) ? [i] : [],
  );
  for (const index of [named, ...twins].filter((i) => i >= 0)) {
    const other = list[index] as Reading<T>;
    const result = mergeReadings(kind, other, { ...reading, item: { ...item, name: other.item.name } });
    if ("merged" in result) {
      list[index] = result.merged;
      return;
    }
  }
  if (named < 0) {
    list.push(reading);
    return;
  }
  const taken = list[named] as Reading<T>;
  const reason = mergeReadings(kind, taken, reading);
  const field = "conflict" in reason ? reason.conflict : "content";
  const name = freeName(plain(list), `${item.name}-${how.assistant}`);
  const what = `${kind === "server" ? "MCP server" : kind} ${item.name}`;
  const server = kind === "server";
  const as = `${folders[kind]}: ${name}${server ? ` (its "name" stays ${item.name}, so ${how.assistant} still calls it that)` : ""}`;
  const group = `${kind === "server" ? "MCP server" : kind} of ${groupFile} differs in its ${field} from the one of that name another assistant reads: imported as <name>-${how.assistant}`;
  diagnostics.push(renamed(item.position, what, field, taken.item.position, as, group));
  const native = server ? { nativeName: item.name } : {};
  list.push({ ...reading, item: { ...item, name, ...native } });
}

/** A server import renamed keeps the name its clients' files give it. */
function nativeNameOf(item: Named): string | undefined {
  return (item as { nativeName?: string }).nativeName;
}

/**
 * One hook per event and command: the readings of several clients fill each other in. A hook not read
 * before goes right after the one its own file lists before it (`after`, an index), so the order of
 * core/hooks.json survives clients that have only some of its events. Returns the hook's index.
 */
function addHook(hooks: Reading<ImportedHook>[], reading: Reading<ImportedHook>, after: number): number {
  for (const [index, other] of hooks.entries()) {
    if (other.item.event !== reading.item.event || other.item.command !== reading.item.command) continue;
    const result = mergeReadings("hook", other, reading);
    if ("merged" in result) {
      hooks[index] = result.merged;
      return index;
    }
  }
  hooks.splice(after + 1, 0, reading);
  return after + 1;
}

/** One pattern of one level (or a whole verb), with the clients whose files had it. */
interface PermissionAtom {
  level: PermissionLevel;
  verb: ImportedPermission["verb"];
  pattern?: string;
  readBy: string[];
  position: Position;
}

function addPermissionAtoms(
  atoms: PermissionAtom[],
  level: PermissionLevel,
  rule: ImportedPermission,
  readBy: string[],
): void {
  const patterns = rule.patterns.length === 0 ? [undefined] : rule.patterns;
  for (const pattern of patterns) {
    const same = atoms.find((a) => a.level === level && a.verb === rule.verb && a.pattern === pattern);
    if (same) same.readBy = [...new Set([...same.readBy, ...readBy])].sort();
    else
      atoms.push({
        level,
        verb: rule.verb,
        ...(pattern === undefined ? {} : { pattern }),
        readBy,
        position: rule.position,
      });
  }
}

/**
 * The level's rules: one per verb, coarse or with patterns, and per set of clients that had them, so that
 * a rule only some assistants had stays theirs; in the order first read.
 */
function permissionRules(atoms: PermissionAtom[], level: PermissionLevel): ImportedPermission[] {
  const rules: ImportedPermission[] = [];
  for (const atom of atoms.filter((a) => a.level === level)) {
    const key = (r: ImportedPermission) =>
      r.verb === atom.verb &&
      (r.patterns.length === 0) === (atom.pattern === undefined) &&
      (r.readBy ?? []).join(",") === atom.readBy.join(",");
    const same = rules.find(key);
    if (same && atom.pattern !== undefined) same.patterns.push(atom.pattern);
    else if (!same)
      rules.push({
        verb: atom.verb,
        patterns: atom.pattern === undefined ? [] : [atom.pattern],
        position: atom.position,
        readBy: atom.readBy,
      });
  }
  return rules;
}

export function freeName(list: Named[], wanted: string): string {
  let name = wanted;
  for (let n = 2; list.some((item) => item.name === name); n++) name = `${wanted}-${n}`;
  return name;
}

function renamed(
  at: Position,
  what: string,
  field: string,
  first: Position,
  as: string,
  group: string,
): Diagnostic {
  return leftOutFinding({
    position: at,
    message: `${what} differs in its ${field} from the one of that name in ${first.file}: imported as ${as}`,
    hint: "Keep one of the two in the registry, or give them names of their own.",
    group,
  });
}
