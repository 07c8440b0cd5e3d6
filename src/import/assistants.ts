import { builtinClientPacks } from "../clients/load-client-packs.js";
import type { ClientPack } from "../clients/model.js";
import { byCodePoint } from "../diagnostics/diagnostic.js";
import { nearestName } from "../documents/schema-validation.js";
import { packPath } from "../packs/shared/placeholders.js";
import { builtinAdapters } from "../registry/builtin-adapters.js";
import { alwaysOnPath } from "../registry/install-files.js";
import type { Adapter } from "../registry/model.js";
import type { AssistantData } from "./model.js";

/**
 * Every assistant the package's data knows: the built-in rule adapters and client packs, one entry per id
 * (an adapter and a pack of one id are one assistant). An adapter whose output folder is a pack's skills
 * folder writes rules as skills there; import reads that folder as the pack's skills, so it is no
 * assistant of its own. The single-file adapter (AGENTS.md) comes first, the others by id.
 */
export function builtinAssistantData(): AssistantData[] {
  const packs = new Map(builtinClientPacks().map((loaded) => [loaded.pack.client, loaded.pack]));
  const skillDirs = new Set([...packs.values()].flatMap(skillsDirOf));
  const adapters = new Map(
    builtinAdapters()
      .map(({ adapter }) => adapter)
      .filter((adapter) => !skillDirs.has(outputDir(adapter)))
      .map((adapter) => [adapter.id, adapter]),
  );
  const ids = [...new Set([...adapters.keys(), ...packs.keys()])].sort(byCodePoint);
  const first = (id: string) => (adapters.get(id)?.global_placement === "single_file" ? 0 : 1);
  return ids.sort((a, b) => first(a) - first(b)).map((id) => assistant(id, adapters.get(id), packs.get(id)));
}

function assistant(id: string, adapter: Adapter | undefined, pack: ClientPack | undefined): AssistantData {
  return {
    id,
    name: pack?.name ?? adapter?.name ?? id,
    ...(adapter ? { adapter } : {}),
    ...(pack ? { pack } : {}),
  };
}

function skillsDirOf(pack: ClientPack): string[] {
  return pack.skills_dir ? [packPath(pack.skills_dir, pack.runtime_placeholders)] : [];
}

function outputDir(adapter: Adapter): string {
  return (adapter.output_dir ?? "").replace(/\/+$/, "");
}

export type AssistantChoice = { ok: true; chosen: AssistantData[] } | { ok: false; message: string };

/** The assistant whose adapter writes the one always-on file every client shares (AGENTS.md), and that file's path. */
export function sharedAlwaysOn(all: readonly AssistantData[]): { adapter?: Adapter; path?: string } {
  const adapter = all.find((a) => a.adapter?.global_placement === "single_file")?.adapter;
  return adapter ? { adapter, path: alwaysOnPath(adapter) } : {};
}

/**
 * The assistants `--from a,b` names, in the order named (earlier ones win when two carry one name), or all
 * of them; an unknown id is a usage error naming the nearest known one.
 */
export function chooseAssistants(all: AssistantData[], from: string[] | undefined): AssistantChoice {
  if (!from) return { ok: true, chosen: all };
  if (from.length === 0) return { ok: false, message: "--from names no assistant" };
  const known = all.map((a) => a.id);
  const chosen: AssistantData[] = [];
  for (const id of from) {
    const found = all.find((a) => a.id === id);
    if (!found) {
      const near = nearestName(id, known);
      const guess = near ? ` (did you mean "${near}"?)` : "";
      return { ok: false, message: `unknown assistant "${id}"${guess}; known: ${known.join(", ")}` };
    }
    if (!chosen.includes(found)) chosen.push(found);
  }
  return { ok: true, chosen };
}
