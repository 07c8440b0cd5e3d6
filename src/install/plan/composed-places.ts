import { placeThere } from "../../clients/settings-places.js";
import type { Desired, DesiredComposed } from "../../manifest/desired.js";
import { composableFiles } from "../bundle/composable-files.js";
import type { Conflict } from "../model/plan-model.js";
import type { InstallRecord } from "../model/record.js";
import type { ProjectState } from "../project/project-state.js";

/**
 * Where each settings file of `desired` is composed in this project. A client may read its settings file
 * from other places too (a file in a folder of its own beside the root one); where the file itself is missing and
 * exactly one of those is there, the values go into that one, so they are not shadowed by it or written
 * twice. A file already recorded stays where it was composed.
 */
export function withComposedPlaces(
  desired: Desired,
  record: InstallRecord | undefined,
  state: ProjectState,
): { desired: Desired; warnings: Conflict[] } {
  const recorded = new Set((record?.composed ?? []).map((c) => c.path));
  const warnings: Conflict[] = [];
  const composed = desired.composed.map((file): DesiredComposed => {
    const path = composedPlace(file.path, recorded, state, warnings);
    return path === file.path ? file : { ...file, path };
  });
  return { desired: { ...desired, composed }, warnings };
}

function composedPlace(
  path: string,
  recorded: ReadonlySet<string>,
  state: ProjectState,
  warnings: Conflict[],
): string {
  const others = composableFiles().settingsPlaces.get(path) ?? [];
  if (recorded.has(path) || others.length === 0) return path;
  const composedBefore = others.find((other) => recorded.has(other));
  if (composedBefore !== undefined) return composedBefore;
  if (state.get(path).type !== "absent") return path;
  // a place reached through a linked folder is no place to write (agentc never writes through a link)
  const present = (other: string) => state.get(other).type === "file" && state.blockedBy(other) === undefined;
  const { place, several } = placeThere(others, present);
  if (several)
    warnings.push({
      path,
      problem: `is read from ${several.join(" and ")} here too, and agentc cannot tell which one the values belong in: it writes ${path}`,
      hint: "keep one of them (merge the others into it) and install again to have agentc compose into that one",
    });
  return place ?? path;
}
