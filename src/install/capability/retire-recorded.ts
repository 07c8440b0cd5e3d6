import type { InstallRecord } from "../model/record.js";
import { changedFile } from "./changed-file.js";
import { journalSpawnOf } from "./journal-spawn.js";
import { retireSpawns } from "./retire-spawns.js";
import { retireHook } from "./spawn-plan.js";
import type { SpawnRecord } from "./spawn-record.js";
import type { SpawnReport } from "./spawn-report.js";

/**
 * Retires recorded spawns (uninstall, or components no longer chosen), last first. Their hooks were allowed
 * for the content installed; one whose installed files changed since is not run, and says so.
 */
export async function retireRecorded(
  root: string,
  record: InstallRecord,
  spawns: SpawnRecord[],
  timeoutMs: number,
): Promise<SpawnReport[]> {
  const untouched: SpawnReport[] = [];
  const runnable = spawns.flatMap((spawn) => {
    const retire = retireHook(spawn);
    if (spawn.state !== "ok" || !retire) return [];
    const changed = changedFile(root, record, spawn);
    if (changed === undefined) return [journalSpawnOf(spawn, retire.command)];
    untouched.push({
      capability: spawn.capability,
      event: "retire",
      command: retire.command,
      required: false,
      result: "not-run",
      problem: `${changed} changed since the hook was allowed; undo what its spawn hook did by hand, or run the hook yourself`,
    });
    return [];
  });
  return [...untouched, ...(await retireSpawns(root, runnable, timeoutMs))];
}
