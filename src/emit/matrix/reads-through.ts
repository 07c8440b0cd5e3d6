import type { Registry } from "../../registry/model.js";
import type { SessionLoad } from "../../session-load/session-load.js";
import type { ComposedFile, EmittedFile } from "../emitted-tree.js";
import { clientSessions } from "../session/installed-tree.js";

/** Something a client loads from a file that another component wrote (no file of its own carries it). */
export interface ReadThrough {
  client: string;
  /** "instructions", "rule testing", "skill code-review", "MCP servers". */
  what: string;
  path: string;
  writtenFor: string[];
}

/** For each chosen client, what it loads through another component's files in a full install. */
export function readsThrough(
  registry: Registry,
  files: readonly EmittedFile[],
  composed: readonly ComposedFile[],
): ReadThrough[] {
  const writers = new Map<string, Set<string>>();
  const wrote = (path: string, component: string) =>
    writers.set(path, (writers.get(path) ?? new Set()).add(component));
  for (const f of files) wrote(f.path, f.copyOf ?? f.component);
  for (const c of composed) wrote(c.path, c.component);
  return clientSessions(registry, files, "link", composed).flatMap((load) => throughOthers(load, writers));
}

/** The client's own component, or a joint one of a capability package compiled for it ("capability-x+<client>"). */
function ownComponent(component: string, client: string): boolean {
  return component === client || component.endsWith(`+${client}`);
}

function throughOthers(load: SessionLoad, writers: ReadonlyMap<string, ReadonlySet<string>>): ReadThrough[] {
  const out: ReadThrough[] = [];
  const add = (what: string, path: string, source = path) => {
    const by = writers.get(source);
    if (!by || [...by].some((w) => ownComponent(w, load.client))) return;
    out.push({ client: load.client, what, path, writtenFor: [...by].sort() });
  };
  for (const text of load.texts)
    if (text.via !== "rule")
      add("instructions", text.via === "link" ? `${text.path} → ${text.source}` : text.path, text.source);
  for (const item of load.items) add(`${item.kind} ${item.name}`, item.path);
  for (const path of load.mcp) add("MCP servers", path);
  return out;
}
