import { posix } from "node:path";
import type { DesiredLink } from "../../manifest/desired.js";
import { sha256 } from "../../shared/hash.js";
import type { FallbackFile, LinkFallback } from "../model/plan-model.js";
import type { RecordEntry } from "../model/record.js";
import { wroteAs } from "../project/as-recorded.js";
import type { PathState } from "../project/project-state.js";
import { planBlock } from "./plan-block.js";
import type { PlanContext } from "./plan-context.js";
import { isFolderCopy, planOverFolderCopy } from "./plan-link-folder.js";
import { planLinkTakeOver, takesOver } from "./plan-takeover.js";

/** The link text: relative to the link's own folder, so the project can move. */
export function linkText(link: string, target: string): string {
  return posix.relative(posix.dirname(link), target) || ".";
}

/**
 * A link: made when nothing is there, replaced when it is agentc's; a user's file there is a conflict. A
 * fallback agentc wrote where links were refused stays while it is unmodified and still what agentc would
 * write; when it must change, it is replaced, and the link is tried again first.
 */
export function planLink(ctx: PlanContext, l: DesiredLink): void {
  ctx.claimed.add(l.path);
  if (!ctx.writable(l.path)) return;
  const target = linkText(l.path, l.target);
  const fallback = linkFallback(ctx, l);
  const onDisk = ctx.state.get(l.path);
  const previous = ctx.previous.get(l.path);
  const link = (replace: boolean, clears?: string[]): void =>
    void ctx.actions.push({
      op: "link",
      path: l.path,
      target,
      fallback,
      replace,
      ...(clears ? { clears } : {}),
    });
  // a person's own link that already says what agentc's would stays theirs: uninstall leaves it
  const adopted =
    previous?.kind === "symlink"
      ? previous.adopted === true
      : previous === undefined && onDisk.type === "symlink" && onDisk.target === target;
  // a person's file or link agentc took over stays recorded until it is given back, whatever agentc puts there
  const original = previous?.original;
  ctx.entry({
    path: l.path,
    kind: "symlink",
    component: l.component,
    target,
    ...(adopted ? { adopted } : {}),
    ...(original ? { original } : {}),
  });
  if (onDisk.type === "symlink" && onDisk.target === target)
    return void ctx.actions.push({ op: "unchanged", path: l.path });
  if (previous?.kind === "symlink" && previous.target !== undefined && takesOver(ctx, previous)) {
    const entry = { path: l.path, kind: "symlink" as const, component: l.component, target };
    return void planLinkTakeOver(ctx, { ...entry, original: { target: previous.target } }, () => link(false));
  }
  if (onDisk.type === "file" && (previous === undefined || previous.kind === "block")) {
    if (planBlock(ctx, l.path, l.component)) return;
  }
  if (onDisk.type === "file" && (previous?.kind === "copy" || previous?.kind === "import")) {
    if (fallback && fallback.kind !== "copy-folder" && holdsFile(onDisk, fallback)) {
      ctx.entry(fallbackEntry(l, fallback, original));
      return void ctx.actions.push({ op: "unchanged", path: l.path });
    }
  }
  // a file agentc wrote there (a fallback, or an owned file or seed the bundle now makes a link), as it wrote it
  if (onDisk.type === "file" && wroteAs(onDisk, previous)) return void link(true);
  if (onDisk.type === "dir" && isFolderCopy(previous))
    return void planOverFolderCopy(ctx, { link: l, target, fallback, previous }, (cleared) =>
      link(false, cleared),
    );
  // a link the person made is theirs even when it once said what agentc's says: never replaced
  if (
    onDisk.type === "symlink" &&
    previous?.kind === "symlink" &&
    previous.target === onDisk.target &&
    previous.adopted !== true
  )
    return void link(true);
  if (onDisk.type === "absent") {
    ctx.ensureParents(l.path, l.component);
    return void link(false);
  }
  const what =
    onDisk.type === "symlink"
      ? `a link to ${onDisk.target} agentc did not make`
      : onDisk.type === "dir"
        ? "a folder"
        : "a file agentc did not write (or one edited since)";
  if (
    ctx.asideOrConflict(
      l.path,
      `should become a link to ${l.target}, but is ${what}`,
      "move it away (or merge it into the link target), or run again with --move-aside",
    )
  ) {
    ctx.entry({
      path: l.path,
      kind: "symlink",
      component: l.component,
      target,
      ...(original ? { original } : {}),
    });
    link(false);
  }
}

/** A fallback file already there with the bytes and mode agentc would write: nothing to do. */
function holdsFile(onDisk: Extract<PathState, { type: "file" }>, fallback: FallbackFile): boolean {
  return onDisk.sha256 === fallback.content.sha256 && onDisk.executable === fallback.executable;
}

function fallbackEntry(
  l: DesiredLink,
  fallback: FallbackFile,
  original: RecordEntry["original"],
): RecordEntry {
  return {
    path: l.path,
    kind: fallback.kind,
    component: l.component,
    sha256: fallback.content.sha256,
    ...(fallback.executable ? { executable: true } : {}),
    ...(original ? { original } : {}),
  };
}

/**
 * The import text; or a copy of the target: of its file, or of every bundle file below it when the target is
 * a folder. Undefined when the target is not among the chosen components' files.
 */
function linkFallback(ctx: PlanContext, l: DesiredLink): LinkFallback | undefined {
  if (l.fallback.kind === "import")
    return {
      kind: "import",
      content: { from: "text", text: l.fallback.text, sha256: sha256(l.fallback.text) },
      executable: false,
    };
  const inBundle = ctx.desired.files.filter((f) => f.role !== "keep");
  const file = inBundle.find((f) => f.path === l.target);
  if (file)
    return {
      kind: "copy",
      content: { from: "bundle", path: file.path, sha256: file.sha256 },
      executable: file.executable,
    };
  const prefix = `${l.target}/`;
  const files = inBundle
    .filter((f) => f.path.startsWith(prefix))
    .map((f) => ({
      rel: f.path.slice(prefix.length),
      content: { from: "bundle" as const, path: f.path, sha256: f.sha256 },
      executable: f.executable,
    }))
    .sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return files.length > 0 ? { kind: "copy-folder", files } : undefined;
}
