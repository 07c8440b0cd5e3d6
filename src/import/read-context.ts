import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import { maxRuleFileBytes } from "../documents/text-file.js";
import { type ItemReadContext, renamedGroup, start } from "../packs/shared/items/read-context.js";
import { adjustedFinding, leftOutFinding } from "./checks/native-content-imported.js";
import { unreadableFinding } from "./checks/native-files-readable.js";
import type { ImportedItems, NativeFile } from "./model.js";
import type { ProjectReader } from "./read-project/project-reader.js";

export { renamedGroup, start };

/** What the readers of one assistant share: the project, and where items, files and findings go. */
export interface ReadContext {
  reader: ProjectReader;
  items: ImportedItems;
  files: NativeFile[];
  diagnostics: Diagnostic[];
  /** The assistant's display name, for messages. */
  assistant: string;
  /** Paths an earlier assistant read already (AGENTS.md is many assistants' file): read once. */
  seen: Set<string>;
}

/** The largest settings file import reads (the registry's own limit for core JSON). */
export const maxSettingsBytes = 8 * 1024 * 1024;

/** A native file's text, recorded for the round trip; undefined (reported) when it cannot be read. */
export function nativeText(
  ctx: ReadContext,
  path: string,
  limit = maxRuleFileBytes,
): { text: string; bytes: Buffer } | undefined {
  if (ctx.seen.has(path)) return undefined;
  ctx.seen.add(path);
  const read = ctx.reader.readText(path, limit);
  if (!read.ok) {
    if (!read.reported) unreadable(ctx, start(path), `${path} ${read.reason}`, read.hint);
    ctx.files.push({ path });
    return undefined;
  }
  const link = ctx.reader.entry(path);
  ctx.files.push({
    path,
    bytes: read.bytes,
    ...("link" in link && link.link !== undefined ? { linkTarget: link.link } : {}),
  });
  return read;
}

/**
 * A native file import cannot read (AGC127): reported once, at the first problem its reader met (a parser's
 * later errors follow from the first), and marked so that the round trip does not compare it.
 */
export function unreadable(ctx: ReadContext, position: Position, message: string, hint?: string): void {
  const file = ctx.files.find((f) => f.path === position.file);
  if (file?.unreadable) return;
  if (file) file.unreadable = true;
  ctx.diagnostics.push(unreadableFinding(position, message, hint));
}

/** Something of a native file that the registry does not carry (a warning). */
export function leftOut(ctx: ReadContext, position: Position, message: string, hint?: string): void {
  ctx.diagnostics.push(leftOutFinding({ position, message, ...(hint ? { hint } : {}) }));
}

/** Something import changed on the way while keeping its meaning (an info); `group`: its kind (Diagnostic.group). */
export function adjusted(ctx: ReadContext, position: Position, message: string, group?: string): void {
  ctx.diagnostics.push(adjustedFinding(position, message, group));
}

/** The context the item sections read with (src/packs/shared/items/read-context.ts): this one's, reporting here. */
export function itemReadContext(ctx: ReadContext): ItemReadContext {
  return {
    ...ctx,
    report: {
      text: (path) => nativeText(ctx, path),
      leftOut: (position, message, hint) => leftOut(ctx, position, message, hint),
      adjusted: (position, message, group) => adjusted(ctx, position, message, group),
      unreadable: (position, message, hint) => unreadable(ctx, position, message, hint),
    },
  };
}
