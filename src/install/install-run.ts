import { existsSync } from "node:fs";
import { join } from "node:path";
import type { SourceRecord } from "../distribute/source-record.js";
import type { Manifest } from "../manifest/manifest-model.js";
import { applyPlan, type FinalFile } from "./apply/apply.js";
import { checkpoint } from "./apply/interruption.js";
import { readJournal } from "./apply/journal.js";
import { lockPath } from "./apply/lock.js";
import { type Recovery, recoverInterrupted } from "./apply/recover.js";
import { underLock } from "./apply/under-lock.js";
import { loadBundle } from "./bundle/local-bundle.js";
import { readManifest } from "./bundle/read-manifest.js";
import { type CapabilityUnit, capabilityUnits } from "./capability/capability-unit.js";
import { defaultHookTimeoutMs } from "./capability/hook-timeout.js";
import {
  decideRequirements,
  installAccepted,
  type RequirementOutcome,
} from "./capability/requirement-consent.js";
import { retireRecorded } from "./capability/retire-recorded.js";
import { runSpawns } from "./capability/run-spawns.js";
import { checkRequirements, type RequirementCheck } from "./capability/runtime-requirements.js";
import {
  type HookToRun,
  hooksToRun,
  plannedRetires,
  planSpawns,
  type SpawnPlan,
} from "./capability/spawn-plan.js";
import type { SpawnRecord } from "./capability/spawn-record.js";
import type { SpawnReport } from "./capability/spawn-report.js";
import { type LinkOutcome, placedEntries } from "./model/link-outcome.js";
import {
  type InstallRecord,
  manifestCopyPath,
  type RequirementDecision,
  readRecord,
  recordPath,
  serializeRecord,
} from "./model/record.js";
import { currentBytes, type RunResult, type RunStatus } from "./model/run-result.js";
import { type ComponentChoice, chooseComponents } from "./plan/components.js";
import { planInstall } from "./plan/plan.js";
import { planConfirmed } from "./plan/plan-confirmed.js";
import { type Content, fallbackContents, isMutation, type Plan } from "./plan/plan-model.js";
import { missingProject, projectRoot } from "./project/project-root.js";
import { diskState, type ProjectState } from "./project/project-state.js";
import { type RosterReport, vendorRoster } from "./project/roster-check.js";
import {
  cacheAfterApply,
  type KnownFile,
  readStatCache,
  serializeStatCache,
  statCachePath,
} from "./project/stat-cache.js";
import { checkTools, type ToolStatus } from "./project/tools-check.js";

export interface InstallRequest {
  bundleDir: string;
  projectDir: string;
  choice: ComponentChoice;
  /** interactive selection, given the preselected ids; undefined when cancelled */
  choose?: (manifest: Manifest, preselected: string[]) => Promise<string[] | undefined>;
  moveAside: boolean;
  dryRun: boolean;
  onProgress?: (done: number, total: number) => void;
  /** capability hooks may run (--allow-hooks); without it, `confirmHooks` may ask */
  allowHooks?: boolean;
  /** asks on a terminal whether the listed spawn hooks may run */
  confirmHooks?: (hooks: HookToRun[]) => Promise<boolean>;
  hookTimeoutMs?: number;
  /** runtime packages (seed 004) accepted without a prompt (--accept-requirement) */
  acceptRequirements?: string[];
  /** asks on a terminal whether a missing runtime package may be installed */
  confirmRequirement?: (check: RequirementCheck) => Promise<boolean>;
  /** where the bundle came from, recorded for agentc update (undefined: a folder or zip on this machine) */
  source?: SourceRecord | undefined;
}

export interface InstallResult extends RunResult {
  components: string[];
  /** how each link of the plan was placed: the link, or the fallback written where links were refused */
  placed?: Record<string, LinkOutcome["kind"]>;
  tools: ToolStatus[];
  roster?: RosterReport;
  /** the chosen capabilities' runtime packages: present, installed with consent, declined, or to do by hand */
  requirements?: RequirementOutcome[];
}

/** Plans, then (unless a dry run or nothing changes) applies the install as one transaction. */
export async function runInstall(req: InstallRequest): Promise<InstallResult> {
  const base: InstallResult = { status: "ok", problems: [], components: [], tools: [], written: false };
  const root = projectRoot(req.projectDir);
  if (!root) return { ...base, status: "usage", problems: [missingProject(req.projectDir)] };
  const read = readManifest(req.bundleDir);
  if (!read.ok) return { ...base, status: "bad-bundle", problems: read.problems };
  const recordRead = readRecord(root);
  if (!recordRead.ok) return { ...base, status: "bad-record", problems: [recordRead.problem] };
  const chosen = await pickComponents(req, read.manifest, recordRead.record);
  if (!chosen.ok) return { ...base, status: "usage", problems: [chosen.problem] };
  const loaded = loadBundle(req.bundleDir, read.manifest, chosen.ids);
  if (!loaded.ok) return { ...base, status: "bad-bundle", problems: loaded.problems, components: chosen.ids };
  const units = capabilityUnits(read.manifest, chosen.ids);
  const needed = await requirementsOf(req, units, recordRead.record, root);
  const reports: SpawnReport[] = [];
  const context = { ...base, problems: loaded.notes, components: chosen.ids, spawns: reports };
  const timeoutMs = req.hookTimeoutMs ?? defaultHookTimeoutMs;
  const allowed = await hookConsent(req, planSpawns(units, recordRead.record, true));
  let spawns = planSpawns(units, recordRead.record, allowed);
  let spawned: SpawnRecord[] | undefined;
  const planFor = (state: ProjectState, record: InstallRecord | undefined): Plan =>
    withHookConflicts(
      planConfirmed(state, (confirmed) =>
        planInstall({
          desired: loaded.desired,
          record,
          state: confirmed,
          moveAside: req.moveAside,
          readFile: (path) => currentBytes(root, path),
        }),
      ),
      spawns,
      allowed,
    );
  const recordOf = (plan: Plan, links: Map<string, LinkOutcome>): Buffer =>
    Buffer.from(
      serializeRecord({
        ...buildRecord(plan, links, read.sha256, read.manifest, chosen.ids, loaded.desired.ownedDirs),
        ...(req.source ? { source: req.source } : {}),
        spawned: inUnitOrder(units, [...spawns.keep, ...(spawned ?? [])]),
        requirements: needed.decisions,
      }),
    );
  // a journal or a lock left by a crashed run: take the lock (recovering it) even for a no-op
  const interrupted = readJournal(root) !== undefined || existsSync(join(root, lockPath));
  let state = diskState(root, readStatCache(root));
  let plan = planFor(state, recordRead.record);
  const finish = (status: RunStatus, written: boolean, recovered?: Recovery): InstallResult => {
    const final = { ...context, status, plan, written, ...(recovered ? { recovered } : {}) };
    const outcomes = status !== "ok" || req.dryRun ? needed.outcomes : installAccepted(needed.outcomes, root);
    const requirements = outcomes.length > 0 ? { requirements: outcomes } : {};
    return status === "ok" ? { ...final, ...afterChecks(read.manifest, root, plan), ...requirements } : final;
  };
  const badBundle = (): InstallResult | undefined => {
    const problems = loaded.verify(contentsWritten(plan));
    return problems.length > 0 ? { ...context, status: "bad-bundle", problems } : undefined;
  };
  if (!interrupted && plan.conflicts.length > 0) return finish("conflicts", false);
  const bad = badBundle();
  if (bad) return bad;
  const noop = (): boolean =>
    spawns.spawn.length === 0 &&
    spawns.retire.length === 0 &&
    isNoop(root, plan, recordOf(plan, new Map()), read.bytes);
  if (!interrupted && noop()) return finish("ok", false);
  if (req.dryRun) {
    reports.push(...plannedReports(spawns, allowed));
    return {
      ...finish(plan.conflicts.length > 0 ? "conflicts" : "ok", false),
      ...(interrupted ? { problems: ["an interrupted install will be rolled back first"] } : {}),
    };
  }
  return underLock(root, context, async () => {
    const recovered = await recoverInterrupted(root, reports, timeoutMs);
    const again = readRecord(root);
    const record = again.ok ? again.record : undefined;
    spawns = planSpawns(units, record, allowed);
    state = diskState(root, readStatCache(root));
    plan = planFor(state, record);
    if (plan.conflicts.length > 0) return finish("conflicts", recovered !== undefined, recovered);
    const badNow = badBundle();
    if (badNow) return { ...badNow, written: recovered !== undefined };
    if (noop()) return finish("ok", recovered !== undefined, recovered);
    await checkpoint("planned");
    if (record && spawns.retire.length > 0)
      reports.push(...(await retireRecorded(root, record, spawns.retire, timeoutMs)));
    const wrote = new Map<string, KnownFile>();
    const finals: FinalFile[] = [
      {
        path: manifestCopyPath,
        replace: currentBytes(root, manifestCopyPath) !== undefined,
        bytes: () => read.bytes,
      },
      {
        path: recordPath,
        replace: currentBytes(root, recordPath) !== undefined,
        bytes: (links) => recordOf(plan, links),
      },
      {
        path: statCachePath,
        replace: currentBytes(root, statCachePath) !== undefined,
        bytes: () => serializeStatCache(cacheAfterApply(plan, state, wrote)),
      },
    ];
    const bytesOf = loaded.bytesOf;
    const links = await applyPlan({
      root,
      actions: plan.actions,
      finalFiles: finals,
      bytesOf,
      wrote,
      ...(req.onProgress ? { onProgress: req.onProgress } : {}),
      afterFiles: async (journal) => {
        spawned = await runSpawns({ root, steps: spawns.spawn, allowed, timeoutMs, journal, reports });
      },
      hookTimeoutMs: timeoutMs,
      rollbackReports: reports,
    });
    return { ...finish("ok", true, recovered), placed: placedKinds(links) };
  });
}

async function pickComponents(req: InstallRequest, manifest: Manifest, record: InstallRecord | undefined) {
  const chosen = chooseComponents(manifest, record, req.choice);
  if (!chosen.ok || !req.choose || req.choice.kind !== "default") return chosen;
  const picked = await req.choose(manifest, chosen.ids);
  if (!picked) return { ok: false as const, problem: "cancelled; nothing was installed" };
  return chooseComponents(manifest, record, { kind: "list", ids: picked });
}

/**
 * The chosen capabilities' runtime packages, checked against each runtime's own list (its CLI runs
 * here only when a package needs one), and decided: nothing is installed without consent.
 */
async function requirementsOf(
  req: InstallRequest,
  units: CapabilityUnit[],
  record: InstallRecord | undefined,
  root: string,
): Promise<{ outcomes: RequirementOutcome[]; decisions: RequirementDecision[] }> {
  if (!units.some((u) => (u.block.runtime_packages ?? []).length > 0)) return { outcomes: [], decisions: [] };
  return decideRequirements(checkRequirements(units, root), {
    accepted: new Set(req.acceptRequirements ?? []),
    record,
    ...(req.confirmRequirement && !req.dryRun ? { confirm: req.confirmRequirement } : {}),
  });
}

/** Whether capability spawn hooks may run: allowed by flag, or asked on a terminal when there are any. */
async function hookConsent(req: InstallRequest, spawns: SpawnPlan): Promise<boolean> {
  if (req.allowHooks) return true;
  const hooks = hooksToRun(spawns);
  if (hooks.length === 0 || req.dryRun || !req.confirmHooks) return false;
  return req.confirmHooks(hooks);
}

/** A required spawn hook that may not run is a conflict: the install would leave a capability unconfigured. */
function withHookConflicts(plan: Plan, spawns: SpawnPlan, allowed: boolean): Plan {
  if (allowed) return plan;
  const refused = spawns.spawn.filter((s) => s.hook?.required);
  if (refused.length === 0) return plan;
  return {
    ...plan,
    conflicts: [
      ...plan.conflicts,
      ...refused.map((s) => ({
        path: s.unit.block.home,
        problem: `capability ${s.unit.block.id} needs its required spawn hook to run: ${s.hook?.command} (it may set the environment: ${s.unit.block.environment.join(", ") || "none"})`,
        hint: "read the hook in the bundle, then install again with --allow-hooks (agentc runs a capability's hooks only when you allow them)",
      })),
    ],
  };
}

function plannedReports(spawns: SpawnPlan, allowed: boolean): SpawnReport[] {
  const retires = plannedRetires(spawns.retire);
  const starts = hooksToRun(spawns).map(
    ({ capability, hook }): SpawnReport => ({
      capability,
      event: "spawn",
      command: hook.command,
      required: hook.required,
      result: allowed ? "planned" : "skipped",
    }),
  );
  return [...retires, ...starts];
}

function inUnitOrder(units: CapabilityUnit[], records: SpawnRecord[]): SpawnRecord[] {
  const byComponent = new Map(records.map((r) => [r.component, r]));
  return units.flatMap((u) => {
    const r = byComponent.get(u.component);
    return r ? [r] : [];
  });
}

/** The bundle bytes the plan writes (all of them checked before the first write). */
function contentsWritten(plan: Plan): Content[] {
  return plan.actions.flatMap((a) => {
    if (a.op === "create" || a.op === "update" || a.op === "write-beside") return [a.content];
    return a.op === "link" ? fallbackContents(a.fallback) : [];
  });
}

function placedKinds(links: Map<string, LinkOutcome>): Record<string, LinkOutcome["kind"]> {
  return Object.fromEntries([...links].sort(([a], [b]) => (a < b ? -1 : 1)).map(([p, o]) => [p, o.kind]));
}

function isNoop(root: string, plan: Plan, record: Buffer, manifest: Buffer): boolean {
  if (plan.actions.some(isMutation)) return false;
  return (
    currentBytes(root, recordPath)?.equals(record) === true &&
    currentBytes(root, manifestCopyPath)?.equals(manifest) === true
  );
}

function buildRecord(
  plan: Plan,
  links: Map<string, LinkOutcome>,
  manifestSha: string,
  manifest: Manifest,
  components: string[],
  ownedDirs: InstallRecord["owned_dirs"],
): InstallRecord {
  const entries = plan.entries.flatMap((e) => placedEntries(e, links.get(e.path)));
  return {
    version: 1,
    registry_version: manifest.registry_version,
    manifest_sha256: manifestSha,
    components,
    owned_dirs: ownedDirs.map(({ path, component, preserve }) => ({ path, component, preserve })),
    entries,
    composed: plan.composed,
  };
}

function afterChecks(manifest: Manifest, root: string, plan: Plan): Pick<InstallResult, "tools" | "roster"> {
  const owned = new Set(plan.entries.map((e) => e.path));
  const roster = vendorRoster(manifest, root, diskState(root), owned);
  return { tools: checkTools(manifest, root), ...(roster ? { roster } : {}) };
}
