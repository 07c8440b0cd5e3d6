import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { foldedKey } from "../../shared/path-check.js";
import { leftOutFinding } from "../checks/native-content-imported.js";
import type { AssistantData } from "../model.js";
import { nativePlaces } from "../native-places.js";
import type { ProjectReader } from "./project-reader.js";

/**
 * Entries standing where an assistant reads, spelled in another case (agents.md for AGENTS.md, .Tool for
 * .tool): one entry with that place only where file names ignore case (macOS, Windows). Read there, never on
 * Linux; and agentc install would not write the place beside them. Each is reported once, and stays the project's.
 */
export function caseVariantPlaces(
  reader: ProjectReader,
  assistants: readonly AssistantData[],
  shared: string | undefined,
): Diagnostic[] {
  const found = new Map<string, string>();
  const listed = new Map<string, Map<string, string>>();
  const namesIn = (folder: string): Map<string, string> => {
    let names = listed.get(folder);
    if (!names) {
      names = new Map(
        reader.list(folder, true).map((path) => [foldedKey(path.slice(path.lastIndexOf("/") + 1)), path]),
      );
      listed.set(folder, names);
    }
    return names;
  };
  for (const assistant of assistants)
    for (const place of nativePlaces(assistant, shared)) {
      const variant = variantOf(reader, place, namesIn);
      if (variant && !found.has(variant.twin)) found.set(variant.twin, variant.place);
    }
  return [...found]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([twin, place]) =>
      leftOutFinding({
        position: { file: twin, line: 1, column: 1 },
        message: `${twin} is read as ${place} only where file names ignore case (macOS, Windows), never on Linux: not imported, it stays the project's own`,
        hint: `Rename it (git mv ${twin} ${place}) so that every system reads it, then run agentc import again; agentc install will not write ${place} beside it.`,
      }),
    );
}

/** At the first part of `place` the project lacks: an entry of that folder spelled alike but for case. */
function variantOf(
  reader: ProjectReader,
  place: string,
  namesIn: (folder: string) => Map<string, string>,
): { twin: string; place: string } | undefined {
  const parts = place.split("/");
  for (let i = 0; i < parts.length; i++) {
    const here = parts.slice(0, i + 1).join("/");
    if (reader.entry(here).kind !== "missing") continue;
    const twin = namesIn(parts.slice(0, i).join("/")).get(foldedKey(parts[i] ?? ""));
    // the very name, listed but not there to read (a link that leads nowhere): no other spelling
    return twin === undefined || twin === here ? undefined : { twin, place: here };
  }
  return undefined;
}
