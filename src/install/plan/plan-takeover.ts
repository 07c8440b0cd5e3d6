import type { DesiredFile } from "../../manifest/desired.js";
import { inTakeoverPlace } from "../bundle/takeover-places.js";
import { originalPath, originalsDir } from "../model/original-store.js";
import type { OriginalFile, OriginalLink, RecordEntry } from "../model/record.js";
import { isAsRecorded } from "../project/as-recorded.js";
import type { PathState } from "../project/project-state.js";
import { fileLinkedFrom } from "./linked-file.js";
import type { PlanContext } from "./plan-context.js";

/**
 * A person's file agentc adopted (it held the bytes agentc shipped, as after `agentc import`) whose version in
 * the bundle changed while the file is still exactly as adopted: agentc takes it over at its path. The
 * person's file is kept below `.agentc/originals/` by a rename (bytes, mode and inode), the new version is
 * written in its place, and the record keeps the original's hash and mode (a link's text), which giving it
 * back checks. So is a person's adopted link where the bundle now wants a file. From here on agentc updates
 * the file as its own.
 */
export function planTakeOver(
  ctx: PlanContext,
  f: DesiredFile,
  adopted: RecordEntry,
  kind: "file" | "seed" = "file",
): void {
  const store = originalPath(f.path);
  ctx.ensureParents(store, undefined);
  ctx.actions.push({ op: "move-aside", path: f.path, to: store });
  ctx.vacated.add(f.path);
  ctx.claimed.add(store);
  ctx.write(f.path, { from: "bundle", path: f.path, sha256: f.sha256 }, f.executable, f.component);
  ctx.entry({
    path: f.path,
    kind,
    component: f.component,
    sha256: f.sha256,
    ...(kind === "file" ? { executable: f.executable } : {}),
    original:
      adopted.kind === "symlink"
        ? { target: adopted.target ?? "" }
        : { sha256: adopted.sha256 ?? "", executable: adopted.executable === true },
  });
}

/**
 * A person's link agentc adopted (it said what agentc's link says), still as adopted, at an assistant place,
 * that the bundle now wants to say something else: taken over as a file is. The link is renamed into
 * `.agentc/originals/`, agentc's link made in its place, and the record keeps what the person's said.
 */
export function planLinkTakeOver(ctx: PlanContext, entry: RecordEntry, makeLink: () => void): void {
  const store = originalPath(entry.path);
  ctx.ensureParents(store, undefined);
  ctx.actions.push({ op: "move-aside", path: entry.path, to: store });
  ctx.vacated.add(entry.path);
  ctx.claimed.add(store);
  ctx.entry(entry);
  makeLink();
}

/**
 * Whether an owned file's, seed's or link's record shows a person's file (or link) agentc adopted, still as
 * adopted, at a place agentc may take it over (an assistant file its own data names: takeover-places.ts), its
 * place in `.agentc/originals/` free.
 */
export function takesOver(ctx: PlanContext, recorded: RecordEntry): boolean {
  return (
    recorded.adopted === true &&
    isAsAdopted(ctx, recorded) &&
    inTakeoverPlace(recorded.path) &&
    originalPlaceFree(ctx, recorded.path)
  );
}

function isAsAdopted(ctx: PlanContext, recorded: RecordEntry): boolean {
  const onDisk = ctx.state.get(recorded.path);
  if (recorded.kind === "symlink")
    return onDisk.type === "symlink" && onDisk.target === recorded.target && stillReads(ctx, recorded);
  return (recorded.kind === "file" || recorded.kind === "seed") && isAsRecorded(onDisk, recorded);
}

/**
 * A link adopted because its file held agentc's bytes (`sha256`, plan-files.ts) is as adopted only while that
 * file still holds them: one the person edited through the link is theirs, never taken over.
 */
function stillReads(ctx: PlanContext, recorded: RecordEntry): boolean {
  if (recorded.sha256 === undefined) return true;
  const target = fileLinkedFrom(ctx, recorded.path);
  const file = target === undefined ? undefined : ctx.state.get(target);
  return file?.type === "file" && file.sha256 === recorded.sha256;
}

/** Whether nothing is at the place of `path`'s original: the rename into `.agentc/originals/` would replace it. */
export function originalPlaceFree(ctx: PlanContext, path: string): boolean {
  return ctx.state.get(originalPath(path)).type === "absent";
}

/**
 * A taken-over file agentc no longer installs (uninstall, or its component dropped): the person's original
 * goes back to its path, once it is checked against the record (hash and mode, a link's text): a stored
 * original that changed is a conflict naming it, never given back as something else. Where the file is still as agentc wrote it (or gone), agentc's version is removed and
 * the original renamed back; where the person edited it since, their edit stays and the original comes back
 * beside it as `<name>.agentc-old`, recorded as theirs and named in the report.
 */
export function planGiveBack(ctx: PlanContext, entry: RecordEntry): void {
  const store = originalPath(entry.path);
  ctx.claimed.add(entry.path);
  const stored = ctx.state.get(store);
  if (stored.type === "absent" || entry.original === undefined) {
    if (ctx.state.get(entry.path).type !== "absent")
      ctx.actions.push({
        op: "keep",
        path: entry.path,
        reason: `agentc took this file over, but your original is no longer at ${store}: kept as it is`,
      });
    return;
  }
  const changed = storedChange(stored, entry.original);
  if (changed)
    return void ctx.conflict(
      store,
      `holds your original of ${entry.path}, which agentc took over, but ${changed}; giving it back would put something else at ${entry.path}`,
      `compare it with ${entry.path}: if it is yours as you want it, move it back yourself (mv ${store} ${entry.path}); else remove it, which keeps ${entry.path} as it is; then run again`,
    );
  ctx.vacated.add(store);
  const onDisk = ctx.state.get(entry.path);
  const asWritten =
    entry.kind === "symlink"
      ? onDisk.type === "symlink" && onDisk.target === entry.target
      : isAsRecorded(onDisk, entry);
  if (onDisk.type === "absent" || asWritten) {
    if (onDisk.type !== "absent") {
      ctx.actions.push({ op: "remove", path: entry.path });
      ctx.vacated.add(entry.path);
    }
    ctx.actions.push({ op: "move-back", path: store, to: entry.path });
    return;
  }
  const beside = ctx.asideName(entry.path);
  ctx.actions.push({ op: "move-back", path: store, to: beside });
  ctx.entry({ path: beside, kind: "aside", component: "user" });
  ctx.actions.push({
    op: "keep",
    path: entry.path,
    reason: `edited since agentc took it over: kept as yours; your file from before is back as ${beside}: compare them and keep one`,
  });
}

/** How the stored original differs from what the record says agentc took over, or undefined when it does not. */
function storedChange(stored: PathState, original: OriginalFile | OriginalLink): string | undefined {
  if ("target" in original) {
    if (stored.type !== "symlink")
      return `it is ${kindOf(stored)} now, not the link to ${original.target} agentc took over`;
    return stored.target === original.target
      ? undefined
      : `it links to ${stored.target} now, not to ${original.target} as when agentc took it over`;
  }
  if (stored.type !== "file") return `it is ${kindOf(stored)} now, not the file agentc took over`;
  if (stored.sha256 !== original.sha256)
    return `its bytes changed since agentc took it over (sha256 ${stored.sha256.slice(0, 12)}…, recorded ${original.sha256.slice(0, 12)}…)`;
  return stored.executable === original.executable
    ? undefined
    : `its mode changed since agentc took it over (${stored.executable ? "executable" : "not executable"} now)`;
}

const kinds: Record<PathState["type"], string> = {
  absent: "nothing",
  file: "a file",
  symlink: "a link",
  dir: "a folder",
  other: "something else",
};
const kindOf = (state: PathState): string => kinds[state.type];

/** Folders of `.agentc/originals/` left empty once the originals in them went back, deepest first. */
export function planOriginalsCleanup(ctx: PlanContext): void {
  if (ctx.state.get(originalsDir).type !== "dir") return;
  const removed = new Set<string>();
  for (const dir of [...ctx.state.listDirs(originalsDir), originalsDir]) {
    const empty =
      ctx.state.listFiles(dir).every((p) => ctx.vacated.has(p)) &&
      ![...ctx.claimed].some((p) => p.startsWith(`${dir}/`)) &&
      ctx.state.listDirs(dir).every((d) => removed.has(d));
    if (!empty) continue;
    ctx.actions.push({ op: "rmdir", path: dir });
    removed.add(dir);
  }
}
