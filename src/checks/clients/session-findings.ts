import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import type { Finding } from "../../diagnostics/check-meta.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { EmittedTree } from "../../emit/emitted-tree.js";
import { clientSessions, type LinkForm, linkForms } from "../../emit/session/installed-tree.js";
import type { Registry } from "../../registry/model.js";
import type { SessionLoad } from "../../session-load/session-load.js";
import { sourceFileOf } from "./emitted-files.js";

/** One client's session load in one link form, with its pack. */
export interface ClientSession {
  client: LoadedClientPack;
  load: SessionLoad;
  form: LinkForm;
}

/** Every chosen client's session load, in each link form the install can make. */
export function* clientSessionsOf(registry: Registry, tree: EmittedTree): Generator<ClientSession> {
  for (const form of linkForms) {
    const loads = clientSessions(registry, tree.files, form, tree.composed);
    for (const [i, load] of loads.entries()) {
      const client = registry.clients[i];
      if (client) yield { client, load, form };
    }
  }
}

/** Where a finding about an emitted path points: the registry source of the file, else the pack's reads. */
export function sourceOfPath(
  registry: Registry,
  tree: EmittedTree,
  client: LoadedClientPack,
  path: string,
): Position {
  const file = tree.files.find((f) => f.path === path);
  const source = file && sourceFileOf(registry, file);
  if (source) return { file: source, line: 1, column: 1 };
  // a project file the build writes back as it was: its entry in the registry's native.json
  const copy = registry.natives?.find((c) => c.path === path || c.files.some((f) => f.path === path));
  if (copy) return copy.position;
  return client.document.positionOf(client.pack.reads ? ["reads"] : ["client"]);
}

/**
 * A finding about the project's own files only (native.json: those the build writes back as they were, and
 * those it now writes in its own form since their registry files were edited, at the same paths) is the
 * project's own: a warning, with the hint to fix it there, never an error of the build. An edit of one of
 * them does not make the project's layout an error.
 */
export function asTheProjectHadIt(
  registry: Registry,
  tree: EmittedTree,
  paths: readonly string[],
): Partial<Finding> {
  if (paths.length === 0) return {};
  const imported = new Set((registry.natives ?? []).flatMap((copy) => copy.files.map((f) => f.path)));
  const native = (path: string) =>
    imported.has(path) || tree.files.some((f) => f.path === path && f.native !== undefined);
  if (!paths.every(native)) return {};
  return {
    severity: "warning",
    hint: `The project had this before import (${[...new Set(paths)].join(", ")}, kept as they were in native/): fix it in the project, or in the registry's items and drop their entries from native.json.`,
  };
}

/** Findings once per key: the same finding in the fallback form after the link form says nothing new. */
export function onceEach(found: Iterable<Finding & { key: string }>): Finding[] {
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const { key, ...finding } of found) {
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(finding);
  }
  return out;
}
