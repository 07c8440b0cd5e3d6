import type { DesiredFile } from "../../manifest/desired.js";
import { pair } from "../../shared/line-codec.js";
import { inTakeoverPlace } from "../bundle/takeover-places.js";
import type { Conflict, Content } from "../model/plan-model.js";
import type { RecordEntry } from "../model/record.js";
import { isAsRecorded, wroteAs } from "../project/as-recorded.js";
import type { PathState } from "../project/project-state.js";
import { fileLinkedFrom } from "./linked-file.js";
import { linkReadsShipped, planBlock } from "./plan-block.js";
import type { PlanContext } from "./plan-context.js";
import { originalPlaceFree, planTakeOver, takesOver } from "./plan-takeover.js";
import { besideSuffix, decideSeed } from "./seed-decision.js";

const fromBundle = (f: DesiredFile): Content => ({ from: "bundle", path: f.path, sha256: f.sha256 });

/**
 * An owned file: replaced when the record shows agentc wrote it and it is unmodified. One the person edited is
 * theirs (dpkg's conffile rule): kept when the new build leaves it, and when the build changes it, kept with the
 * new one beside it (or as `edited` says). So is a person's file that already held agentc's bytes (`adopted`):
 * agentc never wrote it, until the build changes it while it is still as adopted: then agentc takes it over
 * (plan-takeover.ts). A file agentc did not write in its way is a conflict, unless the component composes into
 * it (`adopt`).
 */
export function planOwnedFile(ctx: PlanContext, f: DesiredFile): void {
  ctx.claimed.add(f.path);
  const recorded = ctx.previous.get(f.path);
  const shipped = recorded?.kind === "file" ? recorded : undefined;
  const ours = shipped !== undefined && shipped.adopted !== true;
  const onDisk = ctx.state.get(f.path);
  const sameBytes = onDisk.type === "file" && onDisk.sha256 === f.sha256;
  // a person's file that already holds what agentc ships stays theirs: uninstall leaves it
  const adopted = shipped ? !ours : sameBytes && onDisk.executable === f.executable;
  ctx.entry(ownedEntry(f, adopted, shipped?.original));
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
  if (shipped && takesOver(ctx, shipped)) return void planTakeOver(ctx, f, shipped);
  if (!recorded && stillAsImported(ctx, f, onDisk)) {
    if (ctx.takeImported) return void planTakeOver(ctx, f, asAdopted(f, onDisk));
    ctx.warnings.push(leftAsImported(f.path));
  }
  // the new bytes already there with another mode: agentc's to fix only where the mode is still agentc's
  if (onDisk.type === "absent" || (ours && (isAsRecorded(onDisk, shipped) || sameBytes))) {
    ctx.entry(ownedEntry(f, false, shipped?.original));
    ctx.write(f.path, fromBundle(f), f.executable, f.component);
    return;
  }
  if (onDisk.type === "file" && shipped && !modeKept) return void planEditedOwned(ctx, f, shipped);
  if (linkReadsShipped(ctx, f.path, f.sha256)) {
    // at an assistant place adopted as a file would be: a later build that changes the file takes it over
    if (inTakeoverPlace(f.path)) ctx.entry(asAdopted(f, onDisk));
    else ctx.entries.delete(f.path);
    return void ctx.actions.push({ op: "unchanged", path: f.path });
  }
  // a person's link agentc adopted, where the bundle now wants a file: taken over as an adopted file is
  if (recorded?.kind === "symlink" && takesOver(ctx, recorded)) return void planTakeOver(ctx, f, recorded);
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
 * A person's file that agentc has not installed over yet and that still holds the project file the registry
 * was imported from (`imported_hashes`), where the build now writes the registry's edited form: an install
 * made before the edit would have adopted it and now taken it over, and so does this one (at an assistant
 * place only, its place in `.agentc/originals/` free). A person's link there counts when the file it leads to
 * in the project still holds what import read through it (AGENTS.md → .clinerules/a.md): the link is what is
 * taken over, kept in `.agentc/originals/` until uninstall puts it back.
 */
function stillAsImported(ctx: PlanContext, f: DesiredFile, onDisk: PathState): boolean {
  if (f.imported === undefined || !inTakeoverPlace(f.path) || !originalPlaceFree(ctx, f.path)) return false;
  if (onDisk.type === "file") return onDisk.sha256 === f.imported;
  if (onDisk.type !== "symlink") return false;
  const target = fileLinkedFrom(ctx, f.path);
  const read = target === undefined ? undefined : ctx.state.get(target);
  return read?.type === "file" && read.sha256 === f.imported;
}

/** Without --take-imported the bundle's word that a file is the imported one moves nothing: said, with the flag. */
function leftAsImported(path: string): Conflict {
  return {
    path,
    problem: "still holds what agentc import read from it, and the registry now has it in another form",
    hint: "run again with --take-imported to have agentc take it over (yours kept in .agentc/originals until uninstall)",
  };
}

/** The record entry an install would have made for a person's file holding what it shipped. */
function asAdopted(f: DesiredFile, onDisk: PathState): RecordEntry {
  if (onDisk.type === "symlink")
    return {
      path: f.path,
      kind: "symlink",
      component: f.component,
      // the bytes its file holds: the link stays as adopted only while they do (plan-takeover.ts)
      sha256: f.sha256,
      target: onDisk.target,
      adopted: true,
    };
  const executable = onDisk.type === "file" && onDisk.executable;
  return {
    path: f.path,
    kind: "file",
    component: f.component,
    sha256: f.imported,
    executable,
    adopted: true,
  };
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
    // agentc writes it now: from here on it is agentc's, however it was before
    ctx.entry(ownedEntry(f, false, shipped.original));
    return;
  }
  if (choice === "keep-mine")
    return void ctx.actions.push({
      op: "keep",
      path: f.path,
      reason: "edited by you: kept as it is, without the new version (--keep-mine)",
    });
  const parkedBefore = ctx.previous.get(beside);
  if (
    parkedBefore?.kind === "beside" &&
    parkedBefore.sha256 === f.sha256 &&
    ctx.state.get(beside)?.type === "absent"
  )
    return void ctx.actions.push({
      op: "keep",
      path: f.path,
      reason: `edited by you; you removed the new version parked as ${beside}: not written again until the build changes it (--take-new takes it)`,
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

/**
 * A seed: written when missing, refreshed when agentc's record shows it wrote the file there, otherwise kept
 * with the new one beside it. A person's file that already holds the seed's bytes stays theirs (`adopted`):
 * never refreshed later. A file the bundle calls an earlier version of its own (seed_refresh_hashes) that the
 * record does not show is a conflict naming that line; --move-aside or --take-new renames it first.
 */
export function planSeed(ctx: PlanContext, f: DesiredFile): void {
  ctx.claimed.add(f.path);
  const onDisk = ctx.state.get(f.path);
  const previous = ctx.previous.get(f.path);
  const wrote = wroteAs(onDisk, previous);
  const decision = decideSeed(onDisk, wrote, ctx.desired.knownSeedHashes.get(f.path) ?? [], f.sha256);
  const adopted =
    decision === "unchanged" ? !wrote : decision === "keep-user-version" && previous?.adopted === true;
  ctx.entry({
    path: f.path,
    kind: "seed",
    component: f.component,
    sha256: f.sha256,
    ...(adopted ? { adopted } : {}),
    ...(previous?.original ? { original: previous.original } : {}),
  });
  if (!ctx.writable(f.path)) return;
  if (decision === "unchanged") return void ctx.actions.push({ op: "unchanged", path: f.path });
  // a person's file at an assistant place that held the seed, still as adopted: taken over as an owned file is
  if (previous?.kind === "seed" && takesOver(ctx, previous))
    return void planTakeOver(ctx, f, previous, "seed");
  if (decision === "vouched" && onDisk.type === "file") return void planVouchedSeed(ctx, f, onDisk.sha256);
  if (decision !== "keep-user-version") {
    ctx.write(f.path, fromBundle(f), false, f.component);
    return;
  }
  const beside = `${f.path}${besideSuffix}`;
  if (previous?.kind === "seed" && previous.sha256 === f.sha256) return void keepEditedSeed(ctx, f, beside);
  ctx.actions.push({ op: "keep-modified", path: f.path, beside });
  planBeside(ctx, f, beside);
}

/**
 * A seed the person edited whose bytes in the bundle are the ones last installed (dpkg's conffile rule): kept
 * as it is, and no new copy is written beside it. A copy an earlier upgrade parked there stays while it is as
 * agentc wrote it; one the person removed is not brought back.
 */
function keepEditedSeed(ctx: PlanContext, f: DesiredFile, beside: string): void {
  const parked = ctx.previous.get(beside);
  const waiting = parked?.kind === "beside" && isAsRecorded(ctx.state.get(beside), parked);
  ctx.actions.push({
    op: "keep",
    path: f.path,
    reason: waiting
      ? `edited by you; the new seed waits beside it as ${beside}`
      : "edited by you; the bundle's seed has not changed since it was installed: kept as it is",
  });
  if (!waiting) return;
  ctx.claimed.add(beside);
  ctx.entry({ path: beside, kind: "beside", component: f.component, sha256: f.sha256 });
  ctx.actions.push({ op: "unchanged", path: beside });
}

/** A person's file at a seed's path whose hash the bundle lists as one it shipped earlier. */
function planVouchedSeed(ctx: PlanContext, f: DesiredFile, onDisk: string): void {
  if (ctx.moveAside || ctx.edited(f.path) === "take-new") {
    ctx.moveAsideNow(f.path);
    ctx.write(f.path, fromBundle(f), false, f.component);
    return;
  }
  const line = ctx.desired.manifestLine(["install", "seed_refresh_hashes"], pair(f.path, onDisk));
  ctx.conflict(
    f.path,
    `${line} calls this file an earlier version of the seed, but agentc's install record does not show agentc wrote it; a bundle cannot vouch for a file agentc did not write, and replacing it would lose it`,
    "move it away, or run again with --move-aside (or --take-new) to have agentc rename it to <name>.agentc-old and write the new seed",
  );
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

function ownedEntry(f: DesiredFile, adopted: boolean, original: RecordEntry["original"]): RecordEntry {
  return {
    path: f.path,
    kind: "file",
    component: f.component,
    sha256: f.sha256,
    executable: f.executable,
    ...(adopted ? { adopted: true } : {}),
    ...(original ? { original } : {}),
  };
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
