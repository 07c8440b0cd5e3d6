import { changedFile } from "../capability/changed-file.js";
import { journalSpawnOf } from "../capability/journal-spawn.js";
import { retireSpawns } from "../capability/retire-spawns.js";
import { retireHook } from "../capability/spawn-plan.js";
import type { SpawnReport } from "../capability/spawn-report.js";
import type { InstallRecord } from "../model/record.js";
import { mayRetire, type SpawnRecord } from "../model/spawn-record.js";
import type { ProjectWriter } from "./fs-ops.js";
import { recordRetiring } from "./record-retiring.js";

/**
 * Retires recorded spawns (uninstall, or components no longer chosen), last first. Their hooks were allowed
 * for the content installed; one whose installed files changed since is not run, and says so. The record marks
 * the ones whose hook runs as retired before the first starts (record-retiring.ts).
 */
export async function retireRecorded(
  fs: ProjectWriter,
  root: string,
  record: InstallRecord,
  spawns: SpawnRecord[],
  timeoutMs: number,
): Promise<SpawnReport[]> {
  const untouched: SpawnReport[] = [];
  const runnable = spawns.flatMap((spawn) => {
    const retire = retireHook(spawn);
    if (!mayRetire(spawn) || !retire) return [];
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
  recordRetiring(fs, root, record, new Set(runnable.map((s) => s.component)));
  return [...untouched, ...(await retireSpawns(root, runnable, timeoutMs))];
}
