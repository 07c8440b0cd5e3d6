import { groupFile, type Position } from "../../../diagnostics/diagnostic.js";

/** What a project path is, seen through the fence: links are followed only while they stay inside. */
export type ProjectEntry =
  | { kind: "missing" }
  | { kind: "file"; size: number; executable: boolean; link?: string }
  | { kind: "folder"; link?: string }
  | { kind: "other" }
  | { kind: "refused" };

export type ProjectRead = { ok: true; bytes: Buffer } | { ok: false; reason: string; reported: boolean };

/** The reads the item sections make of a project (import/read-project/project-reader.ts does them, and only reads). */
export interface ItemProject {
  entry(path: string): ProjectEntry;
  list(folder: string): string[];
  filesBelow(folder: string): string[];
  readBytes(path: string, limit: number): ProjectRead;
}

/** A native skill, agent or command file as its fields and body, whatever its format. */
export interface ItemFile {
  file: string;
  values: Record<string, unknown>;
  positionOf(key: string): Position;
  body: string;
}

/** How an item section's reader reports and records what it reads (import/read-context.ts does it). */
export interface ItemReport {
  /** A native file's text, recorded for the round trip; undefined (reported) when it cannot be read. */
  text(path: string): { text: string; bytes: Buffer } | undefined;
  /** Something of a native file that the registry does not carry (a warning). */
  leftOut(position: Position, message: string, hint?: string): void;
  /** Something changed on the way while keeping its meaning (an info); `group`: its kind. */
  adjusted(position: Position, message: string, group?: string): void;
  /** A native file that cannot be read (reported once per file). */
  unreadable(position: Position, message: string, hint?: string): void;
}

/**
 * What the item sections' readers of one assistant share: the project, where items and files go, the report.
 * `Items`: the lists a section's reader adds its items to (`{ rules: ReadRule[] }`), typed by the section.
 */
export interface ItemReadContext<Items = unknown> {
  reader: ItemProject;
  /** The assistant's display name, for messages. */
  assistant: string;
  /** Paths an earlier assistant read already: read once. */
  seen: Set<string>;
  items: Items;
  /**
   * Files read besides the item files (a skill's supporting files), for the round trip. `nothingCarried`: a
   * file read that holds nothing the registry could carry (a rule file with no text), reported by its reader.
   */
  files: { path: string; bytes?: Buffer; nothingCarried?: boolean }[];
  report: ItemReport;
}

/** The kind of an item imported under a name of its own (a path in a sub-folder, a name made portable). */
export const renamedGroup = `${groupFile} is imported under a name of its own: a sub-folder's path joined with '-', or a name made portable`;

export function start(file: string): Position {
  return { file, line: 1, column: 1 };
}

export function nativeText(ctx: ItemReadContext, path: string): { text: string; bytes: Buffer } | undefined {
  return ctx.report.text(path);
}

export function leftOut(ctx: ItemReadContext, position: Position, message: string, hint?: string): void {
  ctx.report.leftOut(position, message, hint);
}

export function adjusted(ctx: ItemReadContext, position: Position, message: string, group?: string): void {
  ctx.report.adjusted(position, message, group);
}

export function unreadable(ctx: ItemReadContext, position: Position, message: string, hint?: string): void {
  ctx.report.unreadable(position, message, hint);
}
