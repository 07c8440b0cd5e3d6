import { type Diagnostic, groupFile } from "../../diagnostics/diagnostic.js";
import type { UnwrittenPlace } from "../../registry/model.js";
import { leftOutFinding } from "../checks/native-content-imported.js";
import type { AssistantData } from "../model.js";
import type { ProjectReader } from "./project-reader.js";

/**
 * The files at the places an assistant loads that its adapter writes nothing to (`reads_unwritten`: a rule
 * folder per mode, read in every session): the registry has no form for them, so each is
 * reported (grouped by place) and stays the project's own file, which install leaves alone.
 */
export function unwrittenReads(reader: ProjectReader, assistants: readonly AssistantData[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const { adapter } of assistants)
    for (const read of adapter?.reads_unwritten ?? [])
      for (const { place, files, instead, hint } of placesOf(reader, read))
        for (const path of files.filter((f) => !seen.has(f))) {
          seen.add(path);
          const who = adapter?.name ?? adapter?.id;
          const how = instead
            ? `is not loaded by ${who}, which reads ${instead} in place of ${place} while that holds files`
            : place === path
              ? `is read by ${who}`
              : `is loaded by ${who} from ${place}`;
          out.push(
            leftOutFinding({
              position: { file: path, line: 1, column: 1 },
              message: `${path} ${how}, and no adapter writes there: not imported, it stays the project's own file`,
              hint: instead
                ? `Nothing reads it while ${instead} holds files: move its text there (or into AGENTS.md) and delete it.`
                : (hint ??
                  `To carry its text to every assistant, move it into AGENTS.md (which ${who} reads too) and delete the file; text for one mode has no neutral form.`),
              group: `${groupFile} ${how}, and no adapter writes there`,
            }),
          );
        }
  return out;
}

/**
 * The folders or files a place names in the project (one `*` in its last part), each with its files, and for a
 * place read only while another is empty (`unless`), that other place when it holds files.
 */
function placesOf(
  reader: ProjectReader,
  read: string | UnwrittenPlace,
): { place: string; files: string[]; instead?: string; hint?: string }[] {
  if (typeof read !== "string")
    return placesOf(reader, read.path).map((found) => {
      const hinted = read.hint ? { ...found, hint: read.hint } : found;
      if (!read.unless) return hinted;
      const instead = read.unless.replace("*", starOf(read.path, found.place) ?? "*");
      return reader.filesBelow(instead.replace(/\/$/, "")).length > 0 ? { ...hinted, instead } : hinted;
    });
  const pattern = read;
  const folder = pattern.endsWith("/");
  const path = folder ? pattern.slice(0, -1) : pattern;
  const slash = path.lastIndexOf("/");
  const parent = slash < 0 ? "" : path.slice(0, slash);
  const last = path.slice(slash + 1);
  const names = last.includes("*")
    ? reader.list(parent, true).filter((p) => matches(p.slice(p.lastIndexOf("/") + 1), last))
    : [path];
  return names.flatMap((place) => {
    const kind = reader.entry(place).kind;
    if (folder && kind === "folder") return [{ place: `${place}/`, files: reader.filesBelow(place) }];
    if (!folder && kind === "file") return [{ place, files: [place] }];
    return [];
  });
}

/** What the `*` of a pattern stands for in a place it named. */
function starOf(pattern: string, place: string): string | undefined {
  const [head = "", tail = ""] = pattern.replace(/\/$/, "").split("*");
  const name = place.replace(/\/$/, "");
  return pattern.includes("*") ? name.slice(head.length, name.length - tail.length) : undefined;
}

function matches(name: string, pattern: string): boolean {
  const [head = "", tail = ""] = pattern.split("*");
  return name.length > head.length + tail.length && name.startsWith(head) && name.endsWith(tail);
}
