import { posix } from "node:path";
import { sha256 } from "../manifest/hash.js";
import type { DesiredLink } from "./desired.js";
import type { PlanContext } from "./plan-context.js";
import type { Content } from "./plan-model.js";

/** The link text: relative to the link's own folder, so the project can move. */
export function linkText(link: string, target: string): string {
  return posix.relative(posix.dirname(link), target) || ".";
}

/** A link: made when nothing is there, replaced when it is agentc's; a user's file there is a conflict. */
export function planLink(ctx: PlanContext, l: DesiredLink): void {
  ctx.claimed.add(l.path);
  if (!ctx.writable(l.path)) return;
  const target = linkText(l.path, l.target);
  const fallback = fallbackContent(ctx, l);
  const fallbackKind = l.fallback.kind;
  const onDisk = ctx.state.get(l.path);
  const previous = ctx.previous.get(l.path);
  ctx.entry({ path: l.path, kind: "symlink", component: l.component, target });
  if (onDisk.type === "symlink" && onDisk.target === target)
    return void ctx.actions.push({ op: "unchanged", path: l.path });
  if (onDisk.type === "file" && previous && (previous.kind === "copy" || previous.kind === "import")) {
    if (onDisk.sha256 === fallback?.sha256 && previous.sha256 === fallback.sha256) {
      ctx.entry({ ...previous, component: l.component });
      return void ctx.actions.push({ op: "unchanged", path: l.path });
    }
    if (onDisk.sha256 === previous.sha256)
      return void ctx.actions.push({
        op: "link",
        path: l.path,
        target,
        fallback,
        fallbackKind,
        replace: true,
      });
  }
  if (onDisk.type === "symlink" && previous?.kind === "symlink" && previous.target === onDisk.target)
    return void ctx.actions.push({ op: "link", path: l.path, target, fallback, fallbackKind, replace: true });
  if (onDisk.type === "absent") {
    ctx.ensureParents(l.path, l.component);
    return void ctx.actions.push({
      op: "link",
      path: l.path,
      target,
      fallback,
      fallbackKind,
      replace: false,
    });
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
  )
    ctx.actions.push({ op: "link", path: l.path, target, fallback, fallbackKind, replace: false });
}

function fallbackContent(ctx: PlanContext, l: DesiredLink): Content | undefined {
  if (l.fallback.kind === "import")
    return { from: "text", text: l.fallback.text, sha256: sha256(l.fallback.text) };
  const file = ctx.desired.files.find((f) => f.path === l.target && f.role !== "keep");
  return file ? { from: "bundle", path: file.path, sha256: file.sha256 } : undefined;
}
