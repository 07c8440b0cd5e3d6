import type { DesiredAdopt } from "../../manifest/desired.js";
import { sha256 } from "../../shared/hash.js";
import type { RecordEntry } from "../model/record.js";
import { isAsRecorded } from "../project/as-recorded.js";
import {
  appendBlock,
  findBlock,
  hasBlockMarker,
  removeBlock,
  replaceBlock,
} from "../project/marked-block.js";
import { fileLinkedFrom } from "./linked-file.js";
import type { PlanContext } from "./plan-context.js";

/**
 * Composes a component's text into a file a person wrote, as a marked block (docs/installer.md, "Adopting a
 * person's instruction files"), when the component's `adopt` lines say it may: instead of claiming the path.
 * A link the person made there is followed to its file in the project, which gets the block. True when the
 * path is taken care of (a block planned, kept or already there); false when this component does not adopt
 * the path (the caller reports its conflict).
 */
export function planBlock(ctx: PlanContext, path: string, component: string): boolean {
  const adopt = ctx.desired.adopt.find((a) => a.path === path && a.component === component);
  if (!adopt) return false;
  const into = blockHost(ctx, path);
  if (into === undefined) return false;
  if (ctx.blocks.has(into)) return true;
  const text = ctx.readText(into);
  if (text === undefined) return false;
  ctx.claimed.add(into);
  ctx.blocks.add(into);
  const recorded = recordedBlock(ctx, into);
  const entry = (inserted: string): void =>
    ctx.entry({ path: into, kind: "block", component, sha256: sha256(inserted) });
  if (!recorded) {
    if (hasBlockMarker(text)) return keepBlock(ctx, into, "holds an agentc block that no install recorded");
    const next = appendBlock(text, adopt.body);
    entry(next.inserted);
    updateText(ctx, into, next.text, "add");
    return true;
  }
  const span = findBlock(text, recorded.sha256 ?? "");
  if (!span) {
    ctx.entry(recorded);
    return keepBlock(ctx, into, "agentc's block in it was edited (or taken out) since agentc wrote it");
  }
  const next = replaceBlock(text, span, adopt.body);
  entry(next.inserted);
  if (next.text === text) ctx.actions.push({ op: "unchanged", path: into });
  else updateText(ctx, into, next.text, "update");
  return true;
}

/**
 * The import lines of files agentc does not ship: planned only while one of their
 * `when` files is a person's, or while their client would not read the target without them (`unread`). The
 * import goes in as a block when the person has the file itself, or as a file of its own (an `import` entry,
 * removed again when unmodified) when it is missing.
 */
export function planAdoptImports(ctx: PlanContext, unread: ReadonlySet<string>): void {
  for (const adopt of ctx.desired.adopt) {
    if (adopt.how.kind !== "import" || ctx.claimed.has(adopt.path)) continue;
    if (!unread.has(adopt.path) && !adopt.how.when.some((path) => isPersonsFile(ctx, path))) continue;
    if (!ctx.writable(adopt.path)) continue;
    if (ctx.state.get(adopt.path).type === "absent" || ctx.previous.get(adopt.path)?.kind === "import")
      planImportFile(ctx, adopt);
    else if (!planBlock(ctx, adopt.path, adopt.component))
      ctx.conflict(
        adopt.path,
        "agentc would compose an import into it, but it is not a regular UTF-8 file",
        "make it a regular text file, or remove it",
      );
  }
}

/** agentc's own file holding only the import line: written while missing, replaced while unmodified. */
function planImportFile(ctx: PlanContext, adopt: DesiredAdopt): void {
  ctx.claimed.add(adopt.path);
  const content = { from: "text" as const, text: adopt.body, sha256: sha256(adopt.body) };
  const onDisk = ctx.state.get(adopt.path);
  const previous = ctx.previous.get(adopt.path);
  if (onDisk.type === "file" && onDisk.sha256 === content.sha256 && !onDisk.executable) {
    ctx.entry({ path: adopt.path, kind: "import", component: adopt.component, sha256: content.sha256 });
    return void ctx.actions.push({ op: "unchanged", path: adopt.path });
  }
  if (onDisk.type !== "absent" && !isAsRecorded(onDisk, previous)) {
    if (previous) ctx.entry(previous);
    return void ctx.actions.push({
      op: "keep",
      path: adopt.path,
      reason: "agentc's import file was edited since agentc wrote it: kept as it is",
    });
  }
  ctx.entry({ path: adopt.path, kind: "import", component: adopt.component, sha256: content.sha256 });
  ctx.write(adopt.path, content, false, adopt.component);
}

/** Uninstall, or a component that no longer composes into the file: agentc's bytes taken out exactly. */
export function planBlockRemoval(ctx: PlanContext, entry: RecordEntry): void {
  const text = ctx.readText(entry.path);
  const span = text === undefined ? undefined : findBlock(text, entry.sha256 ?? "");
  if (text === undefined || !span) {
    ctx.actions.push({
      op: "keep",
      path: entry.path,
      reason:
        "agentc's block in it was edited since agentc wrote it: kept as it is; remove the block by hand",
    });
    return;
  }
  updateText(ctx, entry.path, removeBlock(text, span), "remove");
}

/** A file or link there that is not agentc's (a block of agentc's in it does not make it agentc's). */
function isPersonsFile(ctx: PlanContext, path: string): boolean {
  if (ctx.state.blockedBy(path) !== undefined) return false;
  const type = ctx.state.get(path).type;
  if (type !== "file" && type !== "symlink") return false;
  const previous = ctx.previous.get(path)?.kind;
  const ours = ctx.entries.get(path)?.kind;
  return (previous === undefined || previous === "block") && (ours === undefined || ours === "block");
}

/**
 * The file that takes the block: the path itself when it is a regular file, or the file a person's link
 * there points to, when that is a regular file inside the project below real folders.
 */
function blockHost(ctx: PlanContext, path: string): string | undefined {
  const onDisk = ctx.state.get(path);
  if (onDisk.type === "file") return path;
  if (onDisk.type !== "symlink" || ctx.previous.get(path)?.kind === "symlink") return undefined;
  const target = fileLinkedFrom(ctx, path);
  // a file the bundle ships itself is never a host: a block there would change agentc's own file
  if (target === undefined || ctx.desired.files.some((f) => f.path === target)) return undefined;
  return target;
}

/**
 * A person's link at `path` whose file in the project already holds exactly the bytes agentc ships there:
 * the link gives every client agentc's text, so it stays the person's and nothing is written (also when an
 * earlier install adopted it so).
 */
export function linkReadsShipped(ctx: PlanContext, path: string, sha: string): boolean {
  const previous = ctx.previous.get(path);
  const onDisk = ctx.state.get(path);
  if (onDisk.type !== "symlink") return false;
  // recorded: only as a link agentc adopted, still saying what it said then
  if (
    previous !== undefined &&
    !(previous.kind === "symlink" && previous.adopted && previous.target === onDisk.target)
  )
    return false;
  const target = fileLinkedFrom(ctx, path);
  if (target === undefined) return false;
  const file = ctx.state.get(target);
  return file.type === "file" && file.sha256 === sha;
}

function recordedBlock(ctx: PlanContext, path: string): RecordEntry | undefined {
  const previous = ctx.previous.get(path);
  return previous?.kind === "block" ? previous : undefined;
}

function keepBlock(ctx: PlanContext, path: string, why: string): true {
  ctx.warnings.push({
    path,
    problem: `${why}; agentc leaves it as it is`,
    hint: "restore the block between the agentc markers, or delete the block and install again",
  });
  ctx.actions.push({ op: "keep", path, reason: `${why}: kept as it is` });
  return true;
}

/** Replaces a person's file by the same text with agentc's block changed; its mode stays theirs. */
function updateText(ctx: PlanContext, path: string, text: string, block: "add" | "update" | "remove"): void {
  const onDisk = ctx.state.get(path);
  const executable = onDisk.type === "file" && onDisk.executable;
  const content = { from: "text" as const, text, sha256: sha256(text) };
  ctx.actions.push({ op: "update", path, content, executable, block });
}
