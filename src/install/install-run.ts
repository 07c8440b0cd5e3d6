import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ProjectWriter } from "./apply/fs-ops.js";
import { readJournal } from "./apply/journal.js";
import { lockPathIn } from "./apply/lock-file.js";
import { type Recovery, recoverInterrupted } from "./apply/recover.js";
import { retireRecorded } from "./apply/retire-recorded.js";
import { currentBytes, type RunStatus } from "./apply/run-result.js";
import { underLock } from "./apply/under-lock.js";
import { installAccepted, type RequirementOutcome } from "./capability/requirement-consent.js";
import { plannedScaffolds, runScaffolds, scaffoldReport } from "./capability/soul-scaffold.js";
import { commitPlan } from "./install-commit.js";
import { badBundle, isNoop, plannedReports, planRun } from "./install-plan.js";
import { prepareInstall } from "./install-prepare.js";
import type { InstallRequest, InstallResult, PlannedInstall, PreparedInstall } from "./install-types.js";
import { checkpoint } from "./model/interruption.js";
import type { LinkOutcome } from "./model/link-outcome.js";
import { readRecord } from "./model/record.js";
import { adoptedLoadWarnings } from "./project/adopted-load.js";
import { personsHome } from "./project/persons-home.js";
import { diskState } from "./project/project-state.js";
import { vendorRoster } from "./project/roster-check.js";
import { checkTools } from "./project/tools-check.js";

/**
 * prepare → plan → commit: reads the request, the bundle and the project; plans; and (unless a dry run, a
 * conflict or nothing to do) applies the plan as one transaction under the project lock, planning again there
 * after finishing any interrupted run.
 */
export async function runInstall(req: InstallRequest): Promise<InstallResult> {
  const prepared = await prepareInstall(req);
  if (!prepared.ok) return prepared.result;
  // a journal or a lock left by a crashed run: take the lock (recovering it) even for a no-op
  const interrupted =
    readJournal(prepared.prepared.root) !== undefined ||
    existsSync(join(prepared.prepared.root, lockPathIn(prepared.prepared.root)));
  const first = planRun(prepared.prepared, prepared.prepared.record);
  const prep = await withAnswers(prepared.prepared, first);
  const outcome = beforeCommit(
    prep,
    prep === prepared.prepared ? first : planRun(prep, prep.record),
    interrupted,
  );
  if (outcome) return outcome;
  return underLock(prep.root, prep.context, (fs) => commit(prep, fs), "install", req.writer);
}

/**
 * On a terminal (`askEdited`), the owned files the person edited that the new build changes are asked about
 * one by one, as dpkg asks about conffiles; the answers decide the plan (and the plan made under the lock).
 */
async function withAnswers(prep: PreparedInstall, planned: PlannedInstall): Promise<PreparedInstall> {
  const { askEdited } = prep.req;
  if (!askEdited || prep.req.edited || prep.req.dryRun || planned.plan.conflicts.length > 0) return prep;
  const owned = new Map(prep.bundle.desired.files.filter((f) => f.role === "file").map((f) => [f.path, f]));
  const edited = planned.plan.actions.flatMap((a) => {
    const f = a.op === "keep-modified" ? owned.get(a.path) : undefined;
    return f ? [f] : [];
  });
  if (edited.length === 0) return prep;
  const contents = edited.map((f) => ({ from: "bundle" as const, path: f.path, sha256: f.sha256 }));
  if (prep.bundle.verify(contents).length > 0) return prep;
  const files = edited.flatMap((f, i) => {
    const mine = currentBytes(prep.root, f.path);
    const content = contents[i];
    return mine && content ? [{ path: f.path, mine, theirs: prep.bundle.bytesOf(content) }] : [];
  });
  const answers = await askEdited(files);
  return { ...prep, req: { ...prep.req, edited: (path) => answers.get(path) ?? "beside" } };
}

/** What ends the run without taking the lock: a conflict, a bad bundle, nothing to do, or a dry run. */
function beforeCommit(prep: PreparedInstall, planned: PlannedInstall, interrupted: boolean) {
  const { conflicts } = planned.plan;
  if (!interrupted && conflicts.length > 0)
    return installRequirementsAndReport(prep, planned, "conflicts", false);
  const bad = badBundle(prep, planned);
  if (bad) return bad;
  if (!interrupted && isNoop(prep, planned)) return installRequirementsAndReport(prep, planned, "ok", false);
  if (!prep.req.dryRun) return undefined;
  prep.reports.push(...plannedReports(planned.spawns, prep.allowed));
  prep.reports.push(...prep.scaffolds.map((s) => scaffoldReport(s, prep.allowed ? "planned" : "skipped")));
  return {
    ...installRequirementsAndReport(prep, planned, conflicts.length > 0 ? "conflicts" : "ok", false),
    ...(interrupted ? { problems: ["an interrupted install will be rolled back first"] } : {}),
  };
}

/** Under the lock: finish an interrupted run, plan again on what is there now, retire, then apply. */
async function commit(prep: PreparedInstall, fs: ProjectWriter): Promise<InstallResult> {
  const recovered = await recoverInterrupted(fs, prep.root, prep.reports, prep.timeoutMs);
  const wroteBefore = recovered !== undefined;
  const again = readRecord(prep.root);
  const planned = planRun(prep, again.ok ? again.record : undefined);
  if (planned.plan.conflicts.length > 0)
    return installRequirementsAndReport(prep, planned, "conflicts", wroteBefore, recovered);
  const bad = badBundle(prep, planned);
  if (bad) return { ...bad, written: wroteBefore };
  if (isNoop(prep, planned)) return installRequirementsAndReport(prep, planned, "ok", wroteBefore, recovered);
  await checkpoint("planned");
  const { record, spawns } = planned;
  if (record && spawns.retire.length > 0)
    prep.reports.push(...(await retireRecorded(fs, prep.root, record, spawns.retire, prep.timeoutMs)));
  // the souls this install creates, as the project is under the lock: scaffolded once it has committed
  const scaffolds = plannedScaffolds(prep.read.manifest, prep.units, prep.root);
  const links = await commitPlan(prep, planned, fs);
  prep.reports.push(...(await runScaffolds(scaffolds, prep)));
  return {
    ...installRequirementsAndReport(prep, planned, "ok", true, recovered),
    placed: placedKinds(links),
  };
}

/** Ends an ok run that is no dry run by installing the runtime packages the person accepted; then reports. */
function installRequirementsAndReport(
  prep: PreparedInstall,
  planned: PlannedInstall,
  status: RunStatus,
  written: boolean,
  recovered?: Recovery,
): InstallResult {
  const { outcomes } = prep.needed;
  const requirements = status === "ok" && !prep.req.dryRun ? installAccepted(outcomes, prep.root) : outcomes;
  return installResult(prep, planned, status, written, requirements, recovered);
}

/** What the run did and found: the plan with the load warnings, the roster, the tools and the requirements. */
function installResult(
  prep: PreparedInstall,
  planned: PlannedInstall,
  status: RunStatus,
  written: boolean,
  requirements: RequirementOutcome[],
  recovered?: Recovery,
): InstallResult {
  // what a project's clients load; the user scope's files are read from the home folder by other rules
  const composedLoad =
    status === "ok" && prep.req.scope !== "user"
      ? adoptedLoadWarnings(prep.root, prep.context.components, planned.plan, personsHome(prep.req))
      : [];
  const plan = { ...planned.plan, warnings: [...planned.plan.warnings, ...composedLoad] };
  const final = { ...prep.context, status, plan, written, ...(recovered ? { recovered } : {}) };
  if (status !== "ok") return final;
  const owned = new Set(plan.entries.map((e) => e.path));
  const roster = vendorRoster(prep.read.manifest, prep.root, diskState(prep.root), owned);
  return {
    ...final,
    tools: checkTools(prep.read.manifest, prep.root),
    ...(roster ? { roster } : {}),
    ...(requirements.length > 0 ? { requirements } : {}),
  };
}

function placedKinds(links: Map<string, LinkOutcome>): Record<string, LinkOutcome["kind"]> {
  return Object.fromEntries([...links].sort(([a], [b]) => (a < b ? -1 : 1)).map(([p, o]) => [p, o.kind]));
}
