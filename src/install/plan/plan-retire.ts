import type { OwnedDir } from "../../manifest/desired.js";
import { pair } from "../../shared/line-codec.js";
import type { RecordEntry } from "../model/record.js";
import { isAsRecorded, wroteAs } from "../project/as-recorded.js";
import type { PathState } from "../project/project-state.js";
import { planBlockRemoval } from "./plan-block.js";
import type { PlanContext } from "./plan-context.js";
import { planGiveBack } from "./plan-takeover.js";

/**
 * Files in an owned folder that no desired file claims. agentc's own go when unmodified and are kept when
 * edited; a file agentc never wrote is the project's own (case 7): left where it is, byte for byte.
 */
export function planOwnedDirLeftovers(ctx: PlanContext, dir: OwnedDir): void {
  for (const path of ctx.state.listFiles(dir.path)) {
    if (ctx.claimed.has(path) || ctx.vacated.has(path) || inKeptDir(ctx, path)) continue;
    const previous = ctx.previous.get(path);
    if (!previous || previous.kind === "aside" || previous.kind === "beside") continue;
    if (previous.original) {
      planGiveBack(ctx, previous);
      continue;
    }
    ctx.claimed.add(path);
    // a person's file that once held agentc's bytes was never agentc's: left where it is, forgotten
    if (previous.adopted) continue;
    if (unmodified(ctx, previous)) remove(ctx, path);
    else
      ctx.actions.push({
        op: "keep",
        path,
        reason: "was installed by agentc and edited since; it is no longer in the bundle: kept as yours",
      });
  }
}

/** Entries of the previous record nothing claims now (dropped files, deselected components, uninstall). */
export function planRetired(ctx: PlanContext): void {
  for (const entry of ctx.previous.values()) {
    if (ctx.claimed.has(entry.path) || ctx.vacated.has(entry.path) || entry.kind === "dir") continue;
    // below a link or a file now: agentc never reaches through it (lstat would follow the link above)
    if (ctx.state.blockedBy(entry.path) !== undefined) continue;
    if (entry.original) {
      planGiveBack(ctx, entry);
      continue;
    }
    const onDisk = ctx.state.get(entry.path);
    if (onDisk.type === "absent") continue;
    if (entry.kind === "aside") planAside(ctx, entry);
    else if (entry.kind === "block") planBlockRemoval(ctx, entry);
    else if (entry.adopted && unmodified(ctx, entry)) continue;
    else if (unmodified(ctx, entry)) remove(ctx, entry.path);
    else {
      ctx.actions.push({
        op: "keep",
        path: entry.path,
        reason: "no longer installed, but edited since: kept as yours",
      });
    }
  }
}

/**
 * A person's file agentc moved aside goes back to its name once nothing of agentc's is in the way there
 * (uninstall, or a component that no longer ships that path); until then it stays recorded as theirs.
 */
function planAside(ctx: PlanContext, entry: RecordEntry): void {
  const original = asideOriginal(entry.path);
  const free =
    original !== undefined &&
    !ctx.claimed.has(original) &&
    !ctx.entries.has(original) &&
    (ctx.vacated.has(original) || ctx.state.get(original).type === "absent");
  if (!free) {
    ctx.entry(entry);
    // agentc no longer ships the name, yet a file is there (its copy, edited, kept as yours): say both are left
    if (original !== undefined && !ctx.desired.files.some((f) => f.path === original))
      ctx.actions.push({
        op: "keep",
        path: entry.path,
        reason: `your file, moved aside by agentc install; ${original} is kept too: compare them and keep one`,
      });
    return;
  }
  // the file only changes its name in its folder: that folder is not emptied
  ctx.actions.push({ op: "move-back", path: entry.path, to: original });
  ctx.vacated.delete(original);
  ctx.claimed.add(original);
}

/** `x.agentc-old` or `x.agentc-old-2` → `x`. */
function asideOriginal(path: string): string | undefined {
  const match = /^(.+)\.agentc-old(?:-\d+)?$/.exec(path);
  return match?.[1];
}

/**
 * Files a capability's hooks wrote into its home (nothing agentc installed: they are not in the record) are
 * the package's run-time data. When the capability leaves (uninstall, or its component is dropped), its
 * retire hook has had its turn to clean up; what it left is kept and reported, never removed.
 */
export function planRuntimeData(ctx: PlanContext): void {
  const chosen = new Set(ctx.desired.components);
  for (const spawn of ctx.record?.spawned ?? []) {
    if (chosen.has(spawn.component) || ctx.state.blockedBy(`${spawn.home}/.`) !== undefined) continue;
    for (const path of ctx.state.listFiles(spawn.home)) {
      if (ctx.previous.has(path) || ctx.claimed.has(path) || ctx.vacated.has(path)) continue;
      ctx.claimed.add(path);
      ctx.actions.push({
        op: "keep",
        path,
        reason: `run-time data of capability ${spawn.capability} (written by its hooks, not installed by agentc): kept; delete it when it is no longer needed`,
      });
    }
  }
}

/** Whether a path lies in the home of one of the capability packages (its run-time data may be there). */
export function inCapabilityHome(homes: readonly { path: string }[], path: string): boolean {
  return homes.some((home) => path.startsWith(`${home.path}/`));
}

/**
 * Legacy files (`remove`): what the record shows agentc wrote, unmodified, is deleted (a link agentc made is
 * unlinked, its target untouched); agentc's file the person edited is moved aside; a folder agentc made is
 * removed only when empty (never recursively). Anything else is the person's: a file or link is a conflict
 * naming the manifest line that asked (--move-aside renames it), a folder is kept.
 */
export function planLegacyRemoves(ctx: PlanContext): void {
  for (const { path, component } of ctx.desired.removes) {
    if (ctx.claimed.has(path) || ctx.vacated.has(path) || ctx.state.blockedBy(path) !== undefined) continue;
    const onDisk = ctx.state.get(path);
    ctx.claimed.add(path);
    const previous = ctx.previous.get(path);
    if (onDisk.type === "absent") continue;
    if (onDisk.type === "dir") planLegacyFolder(ctx, path, previous);
    else if (onDisk.type === "symlink" ? linkedByAgentc(onDisk, previous) : wroteAs(onDisk, previous))
      remove(ctx, path);
    else if (onDisk.type === "file" && previous?.kind === "file" && !previous.adopted) ctx.moveAsideNow(path);
    else planPersonsLegacy(ctx, path, component, onDisk);
  }
}

function planLegacyFolder(ctx: PlanContext, path: string, previous: RecordEntry | undefined): void {
  const empty = ctx.state.listFiles(path).length === 0 && ctx.state.listDirs(path).length === 0;
  if (empty && previous?.kind === "dir") {
    ctx.actions.push({ op: "rmdir", path });
    return void ctx.vacated.add(path);
  }
  ctx.actions.push({
    op: "keep",
    path,
    reason: empty
      ? "legacy folder agentc did not create: kept"
      : "legacy folder is not empty: agentc never deletes a folder recursively",
  });
}

/** A file or link the bundle asks to delete that agentc's record does not show agentc wrote. */
function planPersonsLegacy(ctx: PlanContext, path: string, component: string, onDisk: PathState): void {
  if (ctx.moveAside) return void ctx.moveAsideNow(path);
  const line = ctx.desired.manifestLine(["install", "components", component, "remove"], path);
  const known = onDisk.type === "file" && ctx.desired.knownSeedHashes.get(path)?.includes(onDisk.sha256);
  const vouched = known
    ? ` (${ctx.desired.manifestLine(["install", "seed_refresh_hashes"], pair(path, onDisk.sha256))} calls it an earlier version agentc shipped, which a bundle cannot vouch for)`
    : "";
  const what = onDisk.type === "symlink" ? "a link" : "a file";
  ctx.conflict(
    path,
    `${line} asks to delete it, but agentc's install record does not show agentc made ${what} there${vouched}; deleting it would lose it`,
    "delete or move it yourself if it is no longer needed, or run again with --move-aside to have agentc rename it to <name>.agentc-old",
  );
}

function linkedByAgentc(onDisk: PathState & { type: "symlink" }, entry: RecordEntry | undefined): boolean {
  return entry?.kind === "symlink" && entry.adopted !== true && entry.target === onDisk.target;
}

/** Folders agentc made that end up empty are removed, deepest first; the others stay recorded. */
export function planDirCleanup(ctx: PlanContext): void {
  const dirs = [...ctx.previous.values()].filter(
    (e) =>
      e.kind === "dir" &&
      !ctx.entries.has(e.path) &&
      !ctx.vacated.has(e.path) &&
      ctx.state.blockedBy(e.path) === undefined,
  );
  dirs.sort((a, b) => b.path.split("/").length - a.path.split("/").length || (a.path < b.path ? 1 : -1));
  const removed = new Set<string>();
  const neededDirs = ancestorsOf(ctx.entries.keys());
  for (const dir of dirs) {
    const onDisk = ctx.state.get(dir.path);
    if (onDisk.type !== "dir") continue;
    const needed = neededDirs.has(dir.path);
    const empty =
      ctx.state.listFiles(dir.path).every((p) => ctx.vacated.has(p)) &&
      ctx.state.listDirs(dir.path).every((d) => removed.has(d) || ctx.vacated.has(d));
    if (!needed && empty) {
      ctx.actions.push({ op: "rmdir", path: dir.path });
      removed.add(dir.path);
    } else ctx.entry(dir);
  }
}

/** Every folder above any of the paths. */
function ancestorsOf(paths: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const path of paths)
    for (let i = path.lastIndexOf("/"); i > 0; i = path.lastIndexOf("/", i - 1)) {
      const dir = path.slice(0, i);
      if (out.has(dir)) break;
      out.add(dir);
    }
  return out;
}

function remove(ctx: PlanContext, path: string): void {
  ctx.actions.push({ op: "remove", path });
  ctx.vacated.add(path);
}

function unmodified(ctx: PlanContext, entry: RecordEntry): boolean {
  const onDisk = ctx.state.get(entry.path);
  if (entry.kind === "symlink") return onDisk.type === "symlink" && onDisk.target === entry.target;
  return isAsRecorded(onDisk, entry);
}

function inKeptDir(ctx: PlanContext, path: string): boolean {
  return ctx.desired.keepDirs.some((k) => path === k || path.startsWith(`${k}/`));
}
