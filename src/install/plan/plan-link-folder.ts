import type { DesiredLink } from "../../manifest/desired.js";
import { foldersOf } from "../model/link-outcome.js";
import type { FallbackFolder, LinkFallback } from "../model/plan-model.js";
import type { RecordEntry } from "../model/record.js";
import { isAsRecorded } from "../project/as-recorded.js";
import type { PlanContext } from "./plan-context.js";

/** A folder agentc copied where a link was refused: its `dir` entry names the link text it stands in for. */
export function isFolderCopy(entry: RecordEntry | undefined): entry is RecordEntry & { kind: "dir" } {
  return entry?.kind === "dir" && entry.target !== undefined;
}

export interface LinkOverCopy {
  link: DesiredLink;
  /** the link text wanted now */
  target: string;
  fallback: LinkFallback | undefined;
  /** the record's entry for the copied folder */
  previous: RecordEntry;
}

/**
 * A link whose path holds the folder agentc copied there: kept while it holds exactly the files agentc would
 * copy now; otherwise every file in it must be agentc's and unmodified (anything else is a conflict, as for an
 * edited owned file), and the folder is emptied and removed before the link (or a new copy) takes its place.
 */
export function planOverFolderCopy(
  ctx: PlanContext,
  at: LinkOverCopy,
  relink: (cleared: string[]) => void,
): void {
  const root = at.link.path;
  const files = ctx.state.listFiles(root);
  const dirs = ctx.state.listDirs(root);
  for (const path of files) ctx.claimed.add(path);
  if (
    at.fallback?.kind === "copy-folder" &&
    at.previous.target === at.target &&
    holdsCopy(ctx, at, files, dirs)
  )
    return void keepCopy(ctx, at.link, at.target, at.fallback);
  const strangers = [
    ...files.filter((path) => !unmodifiedCopy(ctx, path)),
    ...dirs.filter((dir) => ctx.previous.get(dir)?.kind !== "dir"),
  ];
  for (const path of strangers)
    ctx.conflict(
      path,
      `is in ${root}, the folder agentc copied where a link to ${at.link.target} was refused, and is not agentc's copy (edited since, or added); replacing the folder would lose it`,
      `move it out of ${root} (agentc replaces the copied folder by the link, or by a new copy), then run again`,
    );
  if (strangers.length > 0) return;
  for (const path of files) {
    ctx.actions.push({ op: "remove", path });
    ctx.vacated.add(path);
  }
  for (const dir of [...dirs, root]) {
    ctx.actions.push({ op: "rmdir", path: dir });
    ctx.vacated.add(dir);
  }
  relink(files);
}

/** The folder holds exactly the files (bytes and mode) and sub-folders a copy made now would hold. */
function holdsCopy(ctx: PlanContext, at: LinkOverCopy, files: string[], dirs: string[]): boolean {
  if (at.fallback?.kind !== "copy-folder") return false;
  const root = at.link.path;
  const wanted = new Map(at.fallback.files.map((f) => [`${root}/${f.rel}`, f]));
  const wantedDirs = foldersOf(at.fallback.files.map((f) => f.rel)).map((dir) => `${root}/${dir}`);
  const onDisk = new Set(dirs);
  if (files.length !== wanted.size || dirs.length !== wantedDirs.length) return false;
  if (!wantedDirs.every((dir) => onDisk.has(dir))) return false;
  return files.every((path) => {
    const want = wanted.get(path);
    const state = ctx.state.get(path);
    return (
      want !== undefined &&
      state.type === "file" &&
      state.sha256 === want.content.sha256 &&
      state.executable === want.executable
    );
  });
}

function keepCopy(ctx: PlanContext, l: DesiredLink, target: string, fallback: FallbackFolder): void {
  const component = l.component;
  ctx.entry({ path: l.path, kind: "dir", component, target });
  for (const dir of foldersOf(fallback.files.map((f) => f.rel)))
    ctx.entry({ path: `${l.path}/${dir}`, kind: "dir", component });
  for (const f of fallback.files)
    ctx.entry({
      path: `${l.path}/${f.rel}`,
      kind: "copy",
      component,
      sha256: f.content.sha256,
      ...(f.executable ? { executable: true } : {}),
    });
  ctx.actions.push({ op: "unchanged", path: l.path });
}

function unmodifiedCopy(ctx: PlanContext, path: string): boolean {
  const shipped = ctx.previous.get(path);
  const state = ctx.state.get(path);
  return shipped?.kind === "copy" && isAsRecorded(state, shipped);
}
