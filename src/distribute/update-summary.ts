import { builtinClientPacks } from "../clients/load-client-packs.js";
import type { ComposedRecord, InstallRecord, RecordEntry } from "../install/index.js";
import { readRecord } from "../install/index.js";
import { type ClientLoads, clientLoads, diskTree } from "../session-load/index.js";

/** A project as an update finds or leaves it: its install record, and what every assistant loads from it. */
export interface ProjectView {
  record: InstallRecord | undefined;
  loads: ClientLoads[];
}

/** One thing an assistant loads, as a pull request names it. */
export interface LoadedThing {
  kind: "always-loaded" | "skill" | "agent" | "command" | "rule" | "mcp-server" | "hook";
  name: string;
  /** the file it comes from */
  path: string;
}

export interface AssistantChange {
  client: string;
  name: string;
  gains: LoadedThing[];
  loses: LoadedThing[];
  /** always-loaded files whose size changed, and rules whose globs changed */
  changes: { thing: LoadedThing; before: string; after: string }[];
  /** characters loaded into every session, before and after, and the client's limit */
  characters: { before: number; after: number; limit: number };
}

/** What `agentc update --summary` reports: what the update changed, ready to be a pull request's body. */
export interface UpdateSummary {
  from: string;
  to: string;
  source: string;
  files: { added: string[]; changed: string[]; removed: string[] };
  components: { added: string[]; removed: string[]; kept: string[] };
  /** only the assistants whose loads changed */
  assistants: AssistantChange[];
  /** the assistants whose loads did not change */
  unchanged: string[];
}

/** Reads the project's record and what every built-in assistant loads from it now. */
export function projectView(root: string): ProjectView {
  const read = readRecord(root);
  const tree = diskTree(root);
  return {
    record: read.ok ? read.record : undefined,
    loads: builtinClientPacks().map(({ pack }) => clientLoads(pack, tree)),
  };
}

/** The difference between two views of one project, before and after its update. */
export function updateSummary(before: ProjectView, after: ProjectView, source: string): UpdateSummary {
  const changes = before.loads.map((loads, n) => assistantChange(loads, after.loads[n] ?? loads));
  const changed = changes.filter((c) => c.gains.length + c.loses.length + c.changes.length > 0);
  return {
    from: before.record?.registry_version ?? "",
    to: after.record?.registry_version ?? "",
    source,
    files: fileChanges(before.record, after.record),
    components: listChange(before.record?.components ?? [], after.record?.components ?? []),
    assistants: changed,
    unchanged: changes.filter((c) => !changed.includes(c)).map((c) => c.name),
  };
}

/** Every path agentc wrote, with what identifies its content: the hash it shipped, or the link's target. */
function writtenPaths(record: InstallRecord | undefined): Map<string, string> {
  const paths = new Map<string, string>();
  for (const entry of record?.entries ?? [])
    if (entry.kind !== "dir" && entry.kind !== "aside") paths.set(entry.path, contentOf(entry));
  for (const composed of record?.composed ?? []) paths.set(composed.path, composedContent(composed));
  return paths;
}

const contentOf = (entry: RecordEntry): string =>
  `${entry.kind} ${entry.sha256 ?? ""} ${entry.target ?? ""} ${entry.executable === true}`;

const composedContent = (composed: ComposedRecord): string =>
  JSON.stringify(composed.owned.map((o) => [o.path, o.hash]));

function fileChanges(before: InstallRecord | undefined, after: InstallRecord | undefined) {
  const old = writtenPaths(before);
  const now = writtenPaths(after);
  return {
    added: sorted([...now.keys()].filter((path) => !old.has(path))),
    changed: sorted(
      [...now].filter(([path, content]) => old.has(path) && old.get(path) !== content).map(([p]) => p),
    ),
    removed: sorted([...old.keys()].filter((path) => !now.has(path))),
  };
}

function listChange(before: readonly string[], after: readonly string[]) {
  const had = new Set(before);
  const has = new Set(after);
  return {
    added: sorted(after.filter((c) => !had.has(c))),
    removed: sorted(before.filter((c) => !has.has(c))),
    kept: sorted(after.filter((c) => had.has(c))),
  };
}

function assistantChange(before: ClientLoads, after: ClientLoads): AssistantChange {
  const old = thingsOf(before);
  const now = thingsOf(after);
  const changes: AssistantChange["changes"] = [];
  for (const [key, { thing, detail }] of now) {
    const was = old.get(key);
    if (was && was.detail !== detail) changes.push({ thing, before: was.detail, after: detail });
  }
  return {
    client: before.client,
    name: before.name,
    gains: [...now].filter(([key]) => !old.has(key)).map(([, v]) => v.thing),
    loses: [...old].filter(([key]) => !now.has(key)).map(([, v]) => v.thing),
    changes,
    characters: { before: before.characters, after: after.characters, limit: after.limit },
  };
}

/** Each thing a client loads, by a key that names it, with the detail whose change is reported. */
function thingsOf(loads: ClientLoads): Map<string, { thing: LoadedThing; detail: string }> {
  const things = new Map<string, { thing: LoadedThing; detail: string }>();
  const add = (thing: LoadedThing, detail = "", key = `${thing.kind} ${thing.name}`): void => {
    things.set(key, { thing, detail });
  };
  for (const file of loads.start)
    add({ kind: "always-loaded", name: file.path, path: file.path }, `${file.characters} characters`);
  for (const item of loads.onDemand)
    add({ kind: item.kind, name: item.name, path: item.path }, item.globs ? item.globs.join(", ") : "");
  for (const file of loads.mcp)
    for (const name of file.names ?? []) add({ kind: "mcp-server", name, path: file.path });
  for (const file of loads.settings)
    for (const name of file.names ?? [])
      add(
        { kind: "hook", name: hookEvent(name), path: file.path },
        name,
        `hook ${file.path} ${hookEvent(name)}`,
      );
  return new Map([...things].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** "PreToolUse ×2" → "PreToolUse": the count is the detail whose change is reported. */
const hookEvent = (name: string): string => name.replace(/ \u00d7\d+$/, "");

const sorted = (list: string[]): string[] => list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
