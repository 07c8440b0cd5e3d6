import { alwaysOnPath } from "../registry/install-files.js";
import type { AssistantData, AssistantImport } from "./model.js";
import { emptyItems } from "./model.js";
import type { ProjectReader } from "./project-reader.js";
import { readAdapterRules } from "./read-adapter-rules.js";
import { readPackAgents } from "./read-agents.js";
import { readPackCommands } from "./read-commands.js";
import type { ReadContext } from "./read-context.js";
import { instructionFiles, readInstructionFile } from "./read-instructions.js";
import { readPackRules } from "./read-rules.js";
import { readPackSettings } from "./read-settings.js";
import { readPackSkills } from "./read-skills.js";

/** Everything of one assistant's native files in neutral form, at the places its data names. */
export function readAssistant(
  reader: ProjectReader,
  assistant: AssistantData,
  imports: Map<string, Set<string>>,
  seen: Set<string>,
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
  for (const path of instructionFiles(assistant))
    readInstructionFile(ctx, path, imports.get(path), path === pinned ? assistant.adapter : undefined);
  const { pack, adapter } = assistant;
  if (!pack && adapter) readAdapterRules(ctx, adapter);
  if (pack) {
    readPackRules(ctx, pack);
    readPackSkills(ctx, pack);
    readPackAgents(ctx, pack);
    readPackCommands(ctx, pack);
    readPackSettings(ctx, pack);
  }
  return { assistant, items: ctx.items, files: ctx.files, diagnostics: ctx.diagnostics };
}
