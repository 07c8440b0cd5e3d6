import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { leftOutFinding } from "../checks/native-content-imported.js";
import type { AssistantData, AssistantImport } from "../model.js";
import type { ProjectReader } from "./project-reader.js";

/**
 * The project's links an adapter would make its own (a root file linked to AGENTS.md) that a client found reads under
 * both names, loading the text twice: its read model lists the link and the target as instruction files and
 * does not load a link's target once (`loads_once` without `links`: a client that reads every context path it finds by name).
 * Such an adapter is left out of targets.json: the link stays the project's own, as it was, and the build
 * does not make that double load its own (AGC151). Reported at the link, with the fix.
 */
export function linksReadTwice(
  found: AssistantImport[],
  reader: ProjectReader,
): { adapters: Set<string>; diagnostics: Diagnostic[] } {
  const adapters = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const { assistant } of found)
    for (const link of assistant.adapter?.install?.adapter_symlinks ?? []) {
      const entry = reader.entry(link.link);
      if (!("link" in entry) || entry.link === undefined) continue;
      const readers = bothNamesRead(found, link.link, link.target);
      if (readers.length === 0) continue;
      adapters.add(assistant.id);
      diagnostics.push(
        leftOutFinding({
          position: { file: link.link, line: 1, column: 1 },
          message: `${link.link} is a link to ${link.target}, and ${readers.join(", ")} read${readers.length === 1 ? "s" : ""} both, loading the text twice: the ${assistant.id} adapter, which would make the link agentc's, is left out of targets.json, and the link stays the project's own`,
          hint: `To load it once, remove ${link.link} and let ${assistant.pack?.name ?? assistant.id} read ${link.target} by its own settings, or leave ${readers.join(", ")} out.`,
        }),
      );
    }
  return { adapters, diagnostics };
}

function bothNamesRead(found: AssistantImport[], link: string, target: string): string[] {
  return found.flatMap(({ assistant }: { assistant: AssistantData }) => {
    const reads = assistant.pack?.reads;
    if (!reads || reads.loads_once.includes("links")) return [];
    const paths = reads.instructions.map((i) => i.path);
    return paths.includes(link) && paths.includes(target) ? [assistant.pack?.name ?? assistant.id] : [];
  });
}
