import { isAsRecorded } from "../model/as-recorded.js";
import type { RecordEntry } from "../model/record.js";
import type { DesiredFile } from "./desired.js";
import { planBlock } from "./plan-block.js";
import type { PlanContext } from "./plan-context.js";
import type { Content } from "./plan-model.js";
import { besideSuffix, decideSeed } from "./seed-decision.js";

const fromBundle = (f: DesiredFile): Content => ({ from: "bundle", path: f.path, sha256: f.sha256 });

/**
 * An owned file: replaced when it is agentc's and unmodified. One the person edited is theirs (dpkg's
 * conffile rule): kept when the new build leaves it, and when the build changes it, kept with the new one
 * beside it (or as `edited` says). A file agentc did not write in its way is a conflict, unless the
 * component composes into it (`adopt`).
 */
export function planOwnedFile(ctx: PlanContext, f: DesiredFile): void {
  ctx.claimed.add(f.path);
  const recorded = ctx.previous.get(f.path);
  const shipped = recorded?.kind === "file" ? recorded : undefined;
  const onDisk = ctx.state.get(f.path);
  const sameBytes = onDisk.type === "file" && onDisk.sha256 === f.sha256;
  // a person's file that already holds what agentc ships stays theirs: uninstall leaves it
  const adopted = shipped ? shipped.adopted === true : sameBytes && onDisk.executable === f.executable;
  ctx.entry({
    path: f.path,
    kind: "file",
    component: f.component,
    sha256: f.sha256,
    executable: f.executable,
    ...(adopted ? { adopted: true } : {}),
  });
  if (!ctx.writable(f.path)) return;
  if (sameBytes && onDisk.executable === f.executable)
    return void ctx.actions.push({ op: "unchanged", path: f.path });
  const modeKept =
    onDisk.type === "file" && shipped !== undefined && onDisk.executable !== (shipped.executable === true);
  if (sameBytes && modeKept)
    return void ctx.actions.push({
      op: "keep",
      path: f.path,
      reason: "its mode was changed since agentc installed it (chmod): kept as it is",
    });
  // the new bytes already there with another mode: agentc's to fix only where the mode is still agentc's
  if (onDisk.type === "absent" || isAsRecorded(onDisk, shipped) || (sameBytes && shipped !== undefined)) {
    ctx.write(f.path, fromBundle(f), f.executable, f.component);
    return;
  }
  if (onDisk.type === "file" && shipped && !modeKept) return void planEditedOwned(ctx, f, shipped);
  const persons = !recorded || recorded.kind === "block";
  if (
    (onDisk.type === "file" || onDisk.type === "symlink") &&
    persons &&
    planBlock(ctx, f.path, f.component)
  ) {
    // through a person's link, the block went into its target: the link itself stays theirs
    if (ctx.entries.get(f.path)?.kind !== "block") ctx.entries.delete(f.path);
    return;
  }
  const problem =
    modeKept && onDisk.type === "file" && onDisk.sha256 === shipped?.sha256
      ? "had its mode changed since agentc installed it (chmod); replacing it would undo that"
      : sameBytes
        ? "holds the bytes agentc ships but another mode (executable or not); replacing it would change its mode"
        : recorded
          ? "was edited since agentc installed it; replacing it would lose the edit"
          : `is ${describe(onDisk.type)} agentc did not create; replacing it would lose it`;
  if (
    ctx.asideOrConflict(
      f.path,
      problem,
      "move it away, or run again with --move-aside to have agentc rename it to <name>.agentc-old",
    )
  )
    ctx.write(f.path, fromBundle(f), f.executable, f.component);
}

/**
 * An owned file the person edited (its bytes differ from what agentc shipped, its mode does not). The record
 * gets the new build's hash either way, so the edit is still detected at the next upgrade. A new version
 * parked beside it by an earlier upgrade waits for the person's choice, as a changed one does.
 */
function planEditedOwned(ctx: PlanContext, f: DesiredFile, shipped: RecordEntry): void {
  const beside = `${f.path}${besideSuffix}`;
  const buildUnchanged = shipped.sha256 === f.sha256 && (shipped.executable === true) === f.executable;
  const parked = ctx.previous.get(beside)?.kind === "beside";
  if (buildUnchanged && !parked)
    return void ctx.actions.push({
      op: "keep",
      path: f.path,
      reason: "edited by you; the new build does not change it: kept as it is",
    });
  const choice = ctx.edited(f.path);
  if (choice === "take-new") {
    ctx.moveAsideNow(f.path);
    ctx.write(f.path, fromBundle(f), f.executable, f.component);
    return;
  }
  if (choice === "keep-mine")
    return void ctx.actions.push({
      op: "keep",
      path: f.path,
      reason: "edited by you: kept as it is, without the new version (--keep-mine)",
    });
  if (buildUnchanged)
    ctx.actions.push({
      op: "keep",
      path: f.path,
      reason: `edited by you; the new version waits beside it as ${beside} (--take-new or --keep-mine decides)`,
    });
  else ctx.actions.push({ op: "keep-modified", path: f.path, beside });
  planBeside(ctx, f, beside);
}

/** A seed: written when missing, refreshed when never edited, otherwise kept with the new one beside it. */
export function planSeed(ctx: PlanContext, f: DesiredFile): void {
  ctx.claimed.add(f.path);
  ctx.entry({ path: f.path, kind: "seed", component: f.component, sha256: f.sha256 });
  if (!ctx.writable(f.path)) return;
  const onDisk = ctx.state.get(f.path);
  const shipped = ctx.previous.get(f.path);
  const decision = decideSeed(
    onDisk,
    shipped?.sha256,
    ctx.desired.knownSeedHashes.get(f.path) ?? [],
    f.sha256,
  );
  if (decision === "unchanged") return void ctx.actions.push({ op: "unchanged", path: f.path });
  if (decision !== "keep-user-version") {
    ctx.write(f.path, fromBundle(f), false, f.component);
    return;
  }
  const beside = `${f.path}${besideSuffix}`;
  ctx.actions.push({ op: "keep-modified", path: f.path, beside });
  planBeside(ctx, f, beside);
}

function planBeside(ctx: PlanContext, f: DesiredFile, beside: string): void {
  ctx.claimed.add(beside);
  const onDisk = ctx.state.get(beside);
  const previous = ctx.previous.get(beside);
  if (onDisk.type === "file" && onDisk.sha256 === f.sha256) {
    ctx.entry({ path: beside, kind: "beside", component: f.component, sha256: f.sha256 });
    return void ctx.actions.push({ op: "unchanged", path: beside });
  }
  const ours = previous?.kind === "beside" && isAsRecorded(onDisk, previous);
  if (onDisk.type !== "absent" && !ours)
    return void ctx.actions.push({
      op: "keep",
      path: beside,
      reason: "an edited copy of the new seed is already there",
    });
  ctx.entry({ path: beside, kind: "beside", component: f.component, sha256: f.sha256 });
  ctx.actions.push({ op: "write-beside", path: beside, seed: f.path, content: fromBundle(f), replace: ours });
}

/** A file inside a payload folder the user keeps: written only while that folder does not exist. */
export function planKeptPayload(ctx: PlanContext, f: DesiredFile, keptDirExists: boolean): void {
  ctx.claimed.add(f.path);
  if (keptDirExists || !ctx.writable(f.path)) return;
  if (ctx.state.get(f.path).type === "absent") ctx.write(f.path, fromBundle(f), false, f.component);
}

function describe(type: string): string {
  return type === "file"
    ? "a file"
    : type === "symlink"
      ? "a symbolic link"
      : type === "dir"
        ? "a folder"
        : "something";
}
