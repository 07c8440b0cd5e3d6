import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { caseTwinOf, namesByFoldedKey } from "../../shared/paths/case-twin.js";
import { leftOutFinding } from "../checks/native-content-imported.js";
import type { AssistantData } from "../model.js";
import { nativePlaces } from "../native-places.js";
import type { ProjectReader } from "./project-reader.js";

/** An entry standing where an assistant reads, spelled in another case: `path` on disk, `readAs` the place. */
export interface CaseVariant {
  path: string;
  readAs: string;
}

/**
 * Entries standing where an assistant reads, spelled in another case (agents.md for AGENTS.md, .Tool for
 * .tool): one entry with that place only where file names ignore case (macOS, Windows), never on Linux. By path.
 */
export function caseVariants(
  reader: ProjectReader,
  assistants: readonly AssistantData[],
  shared: string | undefined,
): CaseVariant[] {
  const found = new Map<string, string>();
  const listed = new Map<string, Map<string, string>>();
  const namesIn = (folder: string): Map<string, string> => {
    let names = listed.get(folder);
    if (!names) {
      names = namesByFoldedKey(
        reader.list(folder, true).map((path) => path.slice(path.lastIndexOf("/") + 1)),
      );
      listed.set(folder, names);
    }
    return names;
  };
  const missing = (path: string) => reader.entry(path).kind === "missing";
  for (const assistant of assistants)
    for (const place of nativePlaces(assistant, shared)) {
      const twin = caseTwinOf(place, missing, namesIn);
      // the place as far as the twin goes: the folder it stands for, or the file
      if (twin && !found.has(twin))
        found.set(twin, place.split("/").slice(0, twin.split("/").length).join("/"));
    }
  return [...found]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, readAs]) => ({ path, readAs }));
}

/** Each case variant as import reports it: not imported, it stays the project's; and install would not write beside it. */
export function caseVariantPlaces(
  reader: ProjectReader,
  assistants: readonly AssistantData[],
  shared: string | undefined,
): Diagnostic[] {
  return caseVariants(reader, assistants, shared).map(({ path, readAs }) =>
    leftOutFinding({
      position: { file: path, line: 1, column: 1 },
      message: `${path} is read as ${readAs} only where file names ignore case (macOS, Windows), never on Linux: not imported, it stays the project's own`,
      hint: `Rename it (git mv ${path} ${readAs}) so that every system reads it, then run agentc import again; agentc install will not write ${readAs} beside it.`,
    }),
  );
}
