import type { Desired } from "../../manifest/desired.js";
import type { Plan } from "../model/plan-model.js";
import type { InstallRecord } from "../model/record.js";
import type { ProjectState } from "../project/project-state.js";
import { withComposedPlaces } from "./composed-places.js";
import { planAdoptImports } from "./plan-block.js";
import { planComposed, type ReadProjectFile } from "./plan-compose.js";
import { type EditedChoice, PlanContext } from "./plan-context.js";
import { planKeptPayload, planOwnedFile, planSeed } from "./plan-files.js";
import { planLink } from "./plan-links.js";
import {
  planDirCleanup,
  planLegacyRemoves,
  planOwnedDirLeftovers,
  planRetired,
  planRuntimeData,
} from "./plan-retire.js";
import { planOriginalsCleanup } from "./plan-takeover.js";
import { trustKeysPresent } from "./trust-keys-present.js";

export interface PlanInput {
  desired: Desired;
  record: InstallRecord | undefined;
  state: ProjectState;
  /** rename files in the way to <name>.agentc-old instead of reporting a conflict */
  moveAside: boolean;
  /** take over files and settings values still as the registry was imported from them (--take-imported) */
  takeImported?: boolean;
  /** an edited owned file the new build changes: what to do with it (default: keep it, the new one beside) */
  edited?: (path: string) => EditedChoice;
  /** the bytes of a regular project file (shared files agentc composes into are read to plan) */
  readFile: ReadProjectFile;
  /** import lines to write whatever their `when` files say: without them their client would not read the target */
  unreadImports?: ReadonlySet<string>;
}

/**
 * Pure: what installing `desired` over the project means, as actions and conflicts. Reads the project only
 * through `state`; writes nothing. Uninstalling is planning with nothing desired.
 */
export function planInstall(input: PlanInput): Plan {
  const placed = withComposedPlaces(input.desired, input.record, input.state);
  const { desired } = placed;
  const ctx = new PlanContext(
    desired,
    input.record,
    input.state,
    input.moveAside,
    input.edited,
    input.readFile,
  );
  ctx.takeImported = input.takeImported === true;
  for (const f of desired.files) {
    if (f.role === "file") planOwnedFile(ctx, f);
    else if (f.role === "seed") planSeed(ctx, f);
  }
  for (const keep of desired.keepDirs) {
    const exists = input.state.get(keep).type !== "absent";
    for (const f of desired.files)
      if (f.role === "keep" && f.path.startsWith(`${keep}/`)) planKeptPayload(ctx, f, exists);
  }
  for (const link of desired.links) planLink(ctx, link);
  planAdoptImports(ctx, input.unreadImports ?? new Set());
  for (const { path, component } of desired.scaffold) planScaffold(ctx, path, component);
  const composed = planComposed(ctx, input.readFile);
  for (const dir of desired.ownedDirs) planOwnedDirLeftovers(ctx, dir);
  planLegacyRemoves(ctx);
  planRuntimeData(ctx);
  planRetired(ctx);
  planDirCleanup(ctx);
  planOriginalsCleanup(ctx);
  return {
    actions: ctx.actions,
    conflicts: ctx.conflicts,
    warnings: [
      ...placed.warnings,
      ...ctx.warnings,
      ...composed.warnings,
      ...trustKeysPresent(desired, input.readFile),
    ],
    composed: composed.records,
    entries: [...ctx.entries.values()],
  };
}

function planScaffold(ctx: PlanContext, path: string, component: string): void {
  if (!ctx.writable(path)) return;
  const type = ctx.state.get(path).type;
  if (type === "absent") ctx.ensureParents(`${path}/.`, component);
  else if (type !== "dir")
    ctx.conflict(path, `should be a folder but is a ${type}`, "move it away so agentc can create the folder");
  const previous = ctx.previous.get(path);
  if (previous?.kind === "dir") ctx.entry(previous);
}
