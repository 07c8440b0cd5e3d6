import { maxRuleFileBytes } from "../../documents/text-file.js";
import { sections } from "../../packs/index.js";
import { normalised } from "../../packs/shared/items/native-text.js";
import { alwaysOnPath } from "../../registry/install-files.js";
import type { Adapter } from "../../registry/model.js";
import { parentPath } from "../../shared/posix-path.js";
import type { AssistantData, AssistantImport, ImportedItems, ItemNative } from "../model.js";
import { emptyItems } from "../model.js";
import { itemReadContext, type ReadContext } from "../read-context.js";
import type { ProjectReader } from "./project-reader.js";
import { readAdapterRules } from "./read-adapter-rules.js";
import { instructionFiles, packInstructionFiles, readInstructionFile } from "./read-instructions.js";
import { readPackSettings } from "./read-settings.js";

/** Everything of one assistant's native files in neutral form, at the places its data names. */
export function readAssistant(
  reader: ProjectReader,
  assistant: AssistantData,
  imports: Map<string, Set<string>>,
  seen: Set<string>,
  alwaysOn?: string,
): AssistantImport {
  const ctx: ReadContext = {
    reader,
    items: emptyItems(),
    files: [],
    diagnostics: [],
    assistant: assistant.name,
    seen,
  };
  const pinned = assistant.adapter ? alwaysOnPath(assistant.adapter) : undefined;
  const { pack, adapter } = assistant;
  const own = new Set(
    pack
      ? packInstructionFiles(pack).filter(
          (p) => p !== alwaysOn && p !== pinned && !sameText(reader, p, alwaysOn),
        )
      : [],
  );
  for (const path of instructionFiles(assistant))
    readInstructionFile(
      ctx,
      path,
      imports.get(path),
      path === pinned ? assistant.adapter : undefined,
      own.has(path),
    );
  if (!pack && adapter) {
    readAdapterRules(ctx, adapter);
    // An assistant without a pack whose adapter has a folder reads that folder alone: its text is its own.
    if (ownFolder(adapter))
      for (const file of [...ctx.items.instructions, ...ctx.items.scoped]) file.adapter = adapter.id;
  }
  if (pack) {
    const items = itemReadContext(ctx);
    for (const section of sections) section.items?.read(items, pack);
    readPackSettings(ctx, pack);
  }
  if (pack) markNatives(reader, pack.client, ctx.items);
  return { assistant, items: ctx.items, files: ctx.files, diagnostics: ctx.diagnostics };
}

/** Whether the adapter writes into a folder of its own (not only the shared always-on file or its links). */
export function ownFolder(adapter: Adapter): boolean {
  return (adapter.output_dir ?? "").replace(/\/+$/, "") !== "";
}

/** Each item's file (a skill's folder) as the client's own, for native.json and the item's `clients`. */
function markNatives(reader: ProjectReader, client: string, items: ImportedItems): void {
  const mark = (item: { position: { file: string }; natives?: ItemNative[] }, folder: boolean) => {
    if (item.natives) return;
    const file = item.position.file;
    const path = folder ? parentPath(file) : file;
    const link = reader.linkOf(file);
    item.natives = [
      { client, path, ...(folder ? { folder } : {}), ...(link !== undefined ? { linked: true, link } : {}) },
    ];
  };
  for (const rule of items.rules) mark(rule, false);
  for (const skill of items.skills) mark(skill, true);
  for (const agent of items.agents) mark(agent, false);
  for (const command of items.commands) mark(command, false);
}

/**
 * A client's own always-on file that holds the shared one's text (a copy of AGENTS.md under a client's own name) is read as
 * a copy of it, which import merges into the shared text, not as a rule of that client.
 */
function sameText(reader: ProjectReader, path: string, alwaysOn: string | undefined): boolean {
  if (alwaysOn === undefined) return false;
  const [own, shared] = [path, alwaysOn].map((p) => reader.readText(p, maxRuleFileBytes));
  return (
    own?.ok === true && shared?.ok === true && normalised(own.text).trim() === normalised(shared.text).trim()
  );
}
