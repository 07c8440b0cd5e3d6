import { existsSync } from "node:fs";
import { join } from "node:path";
import { emptyDesired } from "../manifest/desired.js";
import { applyPlan } from "./apply/apply.js";
import { readJournal } from "./apply/journal.js";
import { recoverInterrupted } from "./apply/recover.js";
import { retireRecorded } from "./apply/retire-recorded.js";
import { currentBytes, type RunResult } from "./apply/run-result.js";
import { underLock } from "./apply/under-lock.js";
import { defaultHookTimeoutMs } from "./capability/hook-timeout.js";
import { plannedRetires } from "./capability/spawn-plan.js";
import type { SpawnReport } from "./capability/spawn-report.js";
import { agentcDirOf, agentcOwnDir } from "./model/agentc-dir.js";
import { checkpoint } from "./model/interruption.js";
import type { Content, Plan } from "./model/plan-model.js";
import { type InstallRecord, manifestCopyPathIn, readRecord, recordPathIn } from "./model/record.js";
import { planInstall } from "./plan/plan.js";
import { missingProject, projectRoot } from "./project/project-root.js";
import { diskState } from "./project/project-state.js";
import { statCacheIgnoreBytes, statCacheIgnorePathIn, statCachePathIn } from "./project/stat-cache.js";

export interface UninstallRequest {
  projectDir: string;
  dryRun: boolean;
  hookTimeoutMs?: number;
}

/** Removes exactly what the record owns and is unmodified; keeps (and reports) what the user edited. */
export async function runUninstall(req: UninstallRequest): Promise<RunResult> {
  const base: RunResult = { status: "ok", problems: [], written: false };
  const root = projectRoot(req.projectDir);
  if (!root) return { ...base, status: "usage", problems: [missingProject(req.projectDir)] };
  const first = readRecord(root);
  if (!first.ok) return { ...base, status: "bad-record", problems: [first.problem] };
  const leftovers = readJournal(root) !== undefined || existsSync(join(root, agentcOwnDir(root)));
  if (!first.record && !leftovers)
    return { ...base, problems: [`nothing is installed here (no ${recordPathIn(root)})`] };
  if (req.dryRun)
    return {
      ...withConflicts(base, uninstallPlan(root, first.record)),
      spawns: plannedRetires(first.record?.spawned ?? []),
    };
  // a shared file that no longer parses stops the uninstall before the lock: nothing is written
  if (first.record?.composed?.length && readJournal(root) === undefined) {
    const planned = uninstallPlan(root, first.record);
    if (planned.conflicts.length > 0) return withConflicts(base, planned);
  }
  const reports: SpawnReport[] = [];
  const timeoutMs = req.hookTimeoutMs ?? defaultHookTimeoutMs;
  return underLock(
    root,
    { ...base, spawns: reports },
    async (fs) => {
      const recovered = await recoverInterrupted(fs, root, reports, timeoutMs);
      const again = readRecord(root);
      const record = again.ok ? again.record : undefined;
      const plan = uninstallPlan(root, record);
      if (plan.conflicts.length > 0)
        return { ...withConflicts(base, plan), spawns: reports, written: recovered !== undefined };
      await checkpoint("planned");
      if (record?.spawned?.length)
        reports.push(...(await retireRecorded(fs, root, record, record.spawned, timeoutMs)));
      if (record) await applyPlan({ root, fs, actions: plan.actions, finalFiles: [], bytesOf: textOnly });
      return {
        ...base,
        spawns: reports,
        plan,
        written: record !== undefined || recovered !== undefined,
        ...(recovered ? { recovered } : {}),
      };
    },
    "uninstall",
  );
}

function withConflicts(base: RunResult, plan: Plan): RunResult {
  return { ...base, plan, ...(plan.conflicts.length > 0 ? { status: "conflicts" as const } : {}) };
}

function uninstallPlan(root: string, record: InstallRecord | undefined): Plan {
  const plan = planInstall({
    desired: emptyDesired(),
    record,
    state: diskState(root),
    moveAside: false,
    readFile: (path) => currentBytes(root, path),
  });
  const own = [recordPathIn(root), manifestCopyPathIn(root), statCachePathIn(root)].filter(
    (p) => currentBytes(root, p) !== undefined,
  );
  const ignore = statCacheIgnorePathIn(root);
  if (currentBytes(root, ignore)?.equals(statCacheIgnoreBytes)) own.push(ignore);
  const actions = [
    ...plan.actions.filter((a) => a.op !== "rmdir"),
    ...own.map((path) => ({ op: "remove" as const, path })),
  ];
  return {
    ...plan,
    actions: [...actions, ...plan.actions.filter((a) => a.op === "rmdir" && a.path !== agentcDirOf(root))],
  };
}

/** Uninstall writes no bundle file: only shared files with agentc's values taken out. */
function textOnly(content: Content): Buffer {
  if (content.from === "text") return Buffer.from(content.text);
  throw new Error(`internal: uninstall would write the bundle file ${content.path}`);
}
