import { existsSync } from "node:fs";
import { join } from "node:path";
import type { JournalSpawn } from "./journal-spawn.js";
import { runHook } from "./run-hook.js";
import type { SpawnReport } from "./spawn-report.js";

/**
 * Runs the retire hooks of the given spawns, last spawned first. Retiring is best effort (SPEC §3: a retire
 * hook is never required): a failure is reported and the rest still run. A re-spawn is left standing.
 */
export async function retireSpawns(
  root: string,
  spawns: JournalSpawn[],
  timeoutMs: number,
): Promise<SpawnReport[]> {
  const reports: SpawnReport[] = [];
  for (const spawn of [...spawns].reverse()) {
    if (spawn.respawn || spawn.retire === undefined) continue;
    const report: SpawnReport = {
      capability: spawn.capability,
      event: "retire",
      command: spawn.retire,
      required: false,
      result: "ran",
    };
    reports.push(report);
    if (!existsSync(join(root, spawn.home))) {
      report.result = "not-run";
      report.problem = `its files at ${spawn.home} are gone; undo what its spawn hook did by hand`;
      continue;
    }
    const outcome = await runHook({
      root,
      home: spawn.home,
      capability: { id: spawn.capability, layer: spawn.layer, environment: spawn.environment },
      event: "retire",
      command: spawn.retire,
      ...(spawn.meta !== undefined ? { meta: spawn.meta } : {}),
      timeoutMs,
    });
    if (!outcome.ok) {
      report.result = "failed";
      report.problem = outcome.problem;
    } else if (outcome.warning) report.warning = outcome.warning;
  }
  return reports;
}
