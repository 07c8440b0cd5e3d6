import { applyPlan, type FinalFile } from "./apply/apply.js";
import { cacheAfterApply } from "./apply/cache-after-apply.js";
import type { ProjectWriter } from "./apply/fs-ops.js";
import { currentBytes } from "./apply/run-result.js";
import { runSpawns } from "./capability/run-spawns.js";
import { recordBytes } from "./install-plan.js";
import type { PlannedInstall, PreparedInstall } from "./install-types.js";
import type { LinkOutcome } from "./model/link-outcome.js";
import { manifestCopyPathIn, recordPathIn } from "./model/record.js";
import type { SpawnRecord } from "./model/spawn-record.js";
import {
  type KnownFile,
  serializeStatCache,
  statCacheIgnoreBytes,
  statCacheIgnorePathIn,
  statCachePathIn,
} from "./project/stat-cache.js";

/**
 * Applies a plan as one transaction (install/apply/): the plan's actions, the capability spawn hooks once every
 * file is in place, then the manifest copy, the install record and the stat cache. Returns how links were placed.
 */
export async function commitPlan(
  prep: PreparedInstall,
  planned: PlannedInstall,
  fs: ProjectWriter,
): Promise<Map<string, LinkOutcome>> {
  const { root, reports, timeoutMs } = prep;
  const wrote = new Map<string, KnownFile>();
  let spawned: SpawnRecord[] = [];
  const finalFile = (path: string, bytes: FinalFile["bytes"]): FinalFile => ({
    path,
    replace: currentBytes(root, path) !== undefined,
    bytes,
  });
  const finalFiles = [
    finalFile(manifestCopyPathIn(root), () => prep.read.bytes),
    finalFile(recordPathIn(root), (links) => recordBytes(prep, planned, links, spawned)),
    finalFile(statCachePathIn(root), () =>
      serializeStatCache(cacheAfterApply(planned.plan, planned.state, wrote)),
    ),
    ...(ownIgnoreFile(root) ? [finalFile(statCacheIgnorePathIn(root), () => statCacheIgnoreBytes)] : []),
  ];
  return applyPlan({
    root,
    fs,
    actions: planned.plan.actions,
    finalFiles,
    bytesOf: prep.bundle.bytesOf,
    wrote,
    ...(prep.req.onProgress ? { onProgress: prep.req.onProgress } : {}),
    afterFiles: async (journal) => {
      const steps = planned.spawns.spawn;
      spawned = await runSpawns({ root, steps, allowed: prep.allowed, timeoutMs, journal, reports });
    },
    hookTimeoutMs: timeoutMs,
    rollbackReports: reports,
  });
}

/** Whether `.agentc/.gitignore` is agentc's to write: missing, or with agentc's bytes (else it is the person's). */
function ownIgnoreFile(root: string): boolean {
  const now = currentBytes(root, statCacheIgnorePathIn(root));
  return now === undefined || now.equals(statCacheIgnoreBytes);
}
