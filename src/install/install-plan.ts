import { currentBytes } from "./apply/run-result.js";
import { hooksToRun, plannedRetires, planSpawns, type SpawnPlan } from "./capability/spawn-plan.js";
import type { SpawnReport } from "./capability/spawn-report.js";
import type { InstallResult, PlannedInstall, PreparedInstall } from "./install-types.js";
import { type LinkOutcome, placedEntries } from "./model/link-outcome.js";
import { type Content, fallbackContents, isMutation, type Plan } from "./model/plan-model.js";
import { type InstallRecord, manifestCopyPathIn, recordPathIn, serializeRecord } from "./model/record.js";
import type { SpawnRecord } from "./model/spawn-record.js";
import { planInstall } from "./plan/plan.js";
import { planConfirmed } from "./plan/plan-confirmed.js";
import { adoptImportsUnread } from "./project/adopt-unread.js";
import { personsHome } from "./project/persons-home.js";
import { diskState } from "./project/project-state.js";
import { readStatCache } from "./project/stat-cache.js";
import { userImportsUnread } from "./user-scope/user-scope.js";

/** Plans the install over the project as it is now and the given record (pure but for reading the project). */
export function planRun(prep: PreparedInstall, record: InstallRecord | undefined): PlannedInstall {
  const spawns = planSpawns(prep.units, record, prep.allowed);
  const state = diskState(prep.root, readStatCache(prep.root));
  const unreadImports =
    prep.req.scope === "user"
      ? userImportsUnread(prep.bundle.desired.adopt)
      : adoptImportsUnread(prep.root, personsHome(prep.req), prep.bundle.desired.adopt);
  const plan = withHookConflicts(
    planConfirmed(state, (confirmed) =>
      planInstall({
        desired: prep.bundle.desired,
        record,
        state: confirmed,
        moveAside: prep.req.moveAside,
        takeImported: prep.req.takeImported === true,
        ...(prep.req.edited ? { edited: prep.req.edited } : {}),
        readFile: (path) => currentBytes(prep.root, path),
        unreadImports,
      }),
    ),
    spawns,
    prep.allowed,
  );
  return { record, spawns, state, plan };
}

/** A bundle file the plan would write does not match its hash: nothing is written. */
export function badBundle(prep: PreparedInstall, planned: PlannedInstall): InstallResult | undefined {
  const problems = prep.bundle.verify(contentsWritten(planned.plan));
  return problems.length > 0 ? { ...prep.context, status: "bad-bundle", problems } : undefined;
}

/** Nothing to do: no file changes, no hook to run, and the record and manifest copy already say this install. */
export function isNoop(prep: PreparedInstall, planned: PlannedInstall): boolean {
  const { spawns, plan } = planned;
  if (spawns.spawn.length > 0 || spawns.retire.length > 0 || plan.actions.some(isMutation)) return false;
  const record = recordBytes(prep, planned, new Map(), []);
  return (
    currentBytes(prep.root, recordPathIn(prep.root))?.equals(record) === true &&
    currentBytes(prep.root, manifestCopyPathIn(prep.root))?.equals(prep.read.bytes) === true
  );
}

/** The install record the run leaves, once its links are placed and its spawn hooks have run. */
export function recordBytes(
  prep: PreparedInstall,
  planned: PlannedInstall,
  links: Map<string, LinkOutcome>,
  spawned: SpawnRecord[],
): Buffer {
  const { plan, spawns } = planned;
  const { manifest, sha256 } = prep.read;
  const record: InstallRecord = {
    version: 1,
    registry_version: manifest.registry_version,
    manifest_sha256: sha256,
    components: prep.context.components,
    owned_dirs: prep.bundle.desired.ownedDirs.map(({ path, component, preserve }) => ({
      path,
      component,
      preserve,
    })),
    entries: plan.entries.flatMap((e) => placedEntries(e, links.get(e.path))),
    composed: plan.composed,
    ...(prep.req.source ? { source: prep.req.source } : {}),
    ...(prep.context.signature?.signer ? { signer: prep.context.signature.signer } : {}),
    spawned: inUnitOrder(prep, [...spawns.keep, ...spawned]),
    requirements: prep.needed.decisions,
  };
  return Buffer.from(serializeRecord(record));
}

/** What a dry run reports of the capability hooks: retires planned, spawns planned or skipped. */
export function plannedReports(spawns: SpawnPlan, allowed: boolean): SpawnReport[] {
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

function inUnitOrder(prep: PreparedInstall, records: SpawnRecord[]): SpawnRecord[] {
  const byComponent = new Map(records.map((r) => [r.component, r]));
  return prep.units.flatMap((u) => {
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
