import { manifestLineOf } from "../manifest/manifest-line.js";
import type { Manifest } from "../manifest/manifest-model.js";
import { composeBeyondBuiltins } from "./bundle/composable-check.js";
import { downgradeProblem } from "./bundle/downgrade-check.js";
import { loadBundle } from "./bundle/local-bundle.js";
import { readManifest } from "./bundle/read-manifest.js";
import { decideSignature } from "./bundle/signature-trust.js";
import { type CapabilityUnit, capabilityUnits } from "./capability/capability-unit.js";
import { defaultHookTimeoutMs } from "./capability/hook-timeout.js";
import { decideRequirements } from "./capability/requirement-consent.js";
import { checkRequirements } from "./capability/runtime-requirements.js";
import { plannedScaffolds, scaffoldsToRun } from "./capability/soul-scaffold.js";
import { type HookToRun, hooksToRun, planSpawns } from "./capability/spawn-plan.js";
import type { SpawnReport } from "./capability/spawn-report.js";
import { firstInstallChoice } from "./first-install-components.js";
import type { InstallRequest, InstallResult, PreparedInstall } from "./install-types.js";
import { type InstallRecord, readRecord } from "./model/record.js";
import { chooseComponents } from "./plan/components.js";
import { missingProject, projectRoot } from "./project/project-root.js";
import { homeAsProjectProblem, userScopeBundle, userScopeRoot } from "./user-scope/user-scope.js";

/**
 * Everything an install needs before it plans, or the result that ends it: the project folder, the bundle's
 * manifest and files, the install record, the chosen components, and whether capability hooks may run.
 */
export async function prepareInstall(
  req: InstallRequest,
): Promise<{ ok: true; prepared: PreparedInstall } | { ok: false; result: InstallResult }> {
  const base: InstallResult = { status: "ok", problems: [], components: [], tools: [], written: false };
  const fail = (result: Partial<InstallResult>) => ({ ok: false as const, result: { ...base, ...result } });
  const where = installRoot(req);
  if (!where.ok) return fail({ status: "usage", problems: [where.problem] });
  const root = where.root;
  const read = readManifest(req.bundleDir);
  if (!read.ok) return fail({ status: "bad-bundle", problems: read.problems });
  const lineOf = manifestLineOf(read.bytes.toString("utf8"), read.manifest);
  const beyond = composeBeyondBuiltins(read.manifest, lineOf);
  if (beyond.length > 0) return fail({ status: "bad-bundle", problems: beyond });
  const recordRead = readRecord(root);
  if (!recordRead.ok) return fail({ status: "bad-record", problems: [recordRead.problem] });
  const record = recordRead.record;
  const downgrade = downgradeProblem(read.manifest, record, req.allowDowngrade === true);
  if (downgrade) return fail({ status: "downgrade", problems: [downgrade] });
  const signature = decideSignature(read.bytes, req.signatures, record?.signer, req.signerPolicy ?? {});
  if (!signature.ok)
    return fail({ status: "bad-bundle", problems: [`${signature.problem}\n  hint: ${signature.hint}`] });
  const chosen = await pickComponents(req, read.manifest, record);
  if (!chosen.ok) return fail({ status: "usage", problems: [chosen.problem] });
  const loaded = loadBundle(req.bundleDir, read.manifest, chosen.ids, lineOf);
  const bundle =
    loaded.ok && req.scope === "user" ? userScopeBundle(loaded, read.manifest, chosen.ids, root) : loaded;
  if (!bundle.ok) return fail({ status: "bad-bundle", problems: bundle.problems, components: chosen.ids });
  const units = capabilityUnits(read.manifest, chosen.ids);
  const needed = await requirementsOf(req, units, chosen.ids, record, root);
  const reports: SpawnReport[] = [];
  const context = {
    ...base,
    problems: bundle.notes,
    components: chosen.ids,
    spawns: reports,
    signature: signature.report,
  };
  const timeoutMs = req.hookTimeoutMs ?? defaultHookTimeoutMs;
  const scaffolds = plannedScaffolds(read.manifest, units, root);
  const allowed = await hookConsent(req, [
    ...hooksToRun(planSpawns(units, record, true)),
    ...scaffoldsToRun(scaffolds),
  ]);
  return {
    ok: true,
    prepared: {
      req,
      root,
      read,
      record,
      bundle,
      units,
      reports,
      context,
      timeoutMs,
      allowed,
      scaffolds,
      needed,
    },
  };
}

/** The folder the install goes into: the project, or the home folder for `--scope user`. */
function installRoot(req: InstallRequest): { ok: true; root: string } | { ok: false; problem: string } {
  if (req.scope === "user") return userScopeRoot();
  const root = projectRoot(req.projectDir);
  if (!root) return { ok: false, problem: missingProject(req.projectDir) };
  const home = homeAsProjectProblem(root);
  return home ? { ok: false, problem: home } : { ok: true, root };
}

async function pickComponents(req: InstallRequest, manifest: Manifest, record: InstallRecord | undefined) {
  const chosen = chooseComponents(manifest, record, firstInstallChoice(manifest, record, req.choice));
  if (!chosen.ok || !req.choose || req.choice.kind !== "default") return chosen;
  const picked = await req.choose(manifest, chosen.ids);
  if (!picked) return { ok: false as const, problem: "cancelled; nothing was installed" };
  return chooseComponents(manifest, record, { kind: "list", ids: picked });
}

/**
 * The chosen capabilities' runtime packages, for the runtimes the chosen components deploy, checked against
 * each runtime's own list (its CLI runs here only when a package needs one), and decided: nothing is
 * installed without consent.
 */
async function requirementsOf(
  req: InstallRequest,
  units: CapabilityUnit[],
  chosen: readonly string[],
  record: InstallRecord | undefined,
  root: string,
): Promise<PreparedInstall["needed"]> {
  if (!units.some((u) => (u.block.runtime_packages ?? []).length > 0)) return { outcomes: [], decisions: [] };
  return decideRequirements(checkRequirements(units, chosen, root), {
    accepted: new Set(req.acceptRequirements ?? []),
    record,
    ...(req.confirmRequirement && !req.dryRun ? { confirm: req.confirmRequirement } : {}),
  });
}

/** Whether capability hooks may run: allowed by flag, or asked on a terminal when there are any. */
async function hookConsent(req: InstallRequest, hooks: HookToRun[]): Promise<boolean> {
  if (req.allowHooks) return true;
  if (hooks.length === 0 || req.dryRun || !req.confirmHooks) return false;
  return req.confirmHooks(hooks);
}
