import { defaultHookTimeoutMs } from "../capability/hook-timeout.js";
import { retireSpawns } from "../capability/retire-spawns.js";
import type { SpawnReport } from "../capability/spawn-report.js";
import { durabilityBarrier } from "./durability.js";
import type { ProjectWriter } from "./fs-ops.js";
import { finishJournal, readJournal, rollBack } from "./journal.js";

export type Recovery = "rolled-back" | "completed" | undefined;

/**
 * Finishes an install that was interrupted (crash, kill, power loss) before the next one starts: an install
 * that had not committed is rolled back, one that had committed only loses its leftover backups. Capabilities
 * whose spawn hook had started are retired first, while their files are still there (`retired` gets the
 * reports). The caller holds the project lock.
 */
export async function recoverInterrupted(
  fs: ProjectWriter,
  root: string,
  retired: SpawnReport[] = [],
  hookTimeoutMs = defaultHookTimeoutMs,
): Promise<Recovery> {
  const journal = readJournal(root);
  fs.forgetParents();
  if (!journal) {
    finishJournal(fs, root);
    return undefined;
  }
  if (journal.state === "committed") {
    finishJournal(fs, root);
    return "completed";
  }
  retired.push(...(await retireSpawns(root, journal.spawned ?? [], hookTimeoutMs)));
  rollBack(fs, root, journal);
  durabilityBarrier(root, fs.changes());
  finishJournal(fs, root);
  return "rolled-back";
}
