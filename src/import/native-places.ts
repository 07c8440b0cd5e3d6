import { alsoReadMappings } from "../packs/mcp/also-read.js";
import { withRuntimePlaceholders } from "../packs/shared/pack-text.js";
import { packPath } from "../packs/shared/placeholders.js";
import { alwaysOnPath } from "../registry/install-files.js";
import type { AssistantData, AssistantImport } from "./model.js";
import { instructionFiles } from "./read-project/read-instructions.js";

/**
 * The files and folders an assistant's data names for its native files: its always-on files, its rule,
 * skill, subagent and command folders, its settings and exec-policy files; for an adapter without a pack,
 * its output folder. A pack's root instruction file that is the one always-on file of another assistant's adapter
 * (AGENTS.md) is not among them: the client reads the file that adapter writes, not one of its own format.
 */
export function nativePlaces(assistant: AssistantData, shared: string | undefined): string[] {
  const { adapter, pack } = assistant;
  const own = adapter ? alwaysOnPath(adapter) : undefined;
  const files = instructionFiles(assistant).filter((path) => path !== shared || path === own);
  const dirs = pack
    ? [
        pack.rules_dir,
        pack.skills_dir,
        pack.agents_dir,
        pack.commands_dir,
        ...(pack.also_reads?.rule_dirs ?? []),
        ...(pack.also_reads?.skill_dirs ?? []),
        ...(pack.also_reads?.agent_dirs ?? []),
        ...(pack.also_reads?.command_dirs ?? []),
      ].flatMap((dir) => (dir ? [packPath(dir, pack.runtime_placeholders)] : []))
    : [(adapter?.output_dir ?? "").replace(/\/+$/, "")];
  const settings = pack
    ? [
        pack.permissions,
        pack.exec_policy,
        pack.hooks,
        pack.mcp,
        ...alsoReadMappings(pack.mcp),
        ...(pack.also_reads?.settings_files ?? []),
      ].flatMap((m) => (m ? [withRuntimePlaceholders(pack, m.file)] : []))
    : [];
  return [...new Set([...files, ...dirs, ...settings].filter((path) => path !== ""))];
}

/**
 * The assistants the project uses, of those read: each found by a file at a place no other assistant
 * read names (by its own runtime folder, not by a skills folder that other packs name too). None when
 * no assistant has such a file: nothing tells them apart, and `--from` is the person's word.
 */
export function detectedAssistants(read: AssistantImport[], shared: string | undefined): AssistantImport[] {
  const places = new Map(read.map((r) => [r.assistant.id, nativePlaces(r.assistant, shared)]));
  const namedBy = new Map<string, number>();
  for (const list of places.values())
    for (const place of list) namedBy.set(place, (namedBy.get(place) ?? 0) + 1);
  return read.filter((r) => {
    const own = (places.get(r.assistant.id) ?? []).filter((place) => namedBy.get(place) === 1);
    return r.files.some((file) =>
      own.some((place) => file.path === place || file.path.startsWith(`${place}/`)),
    );
  });
}

/** The other assistants whose data names the place of a file: those that would write it there again. */
export function placeSharers(path: string, read: AssistantImport[], shared: string | undefined): string[] {
  return read
    .filter((r) =>
      nativePlaces(r.assistant, shared).some((place) => path === place || path.startsWith(`${place}/`)),
    )
    .map((r) => r.assistant.id);
}
