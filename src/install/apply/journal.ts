import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { sha256 } from "../../shared/hash.js";
import { parseJson } from "../../shared/nesting-limit.js";
import type { JournalSpawn } from "../capability/journal-spawn.js";
import { agentcPath, tempSuffix } from "../model/agentc-dir.js";
import { agentcDir, recordPathIn } from "../model/record.js";
import { type ProjectWriter, SimulatedCrash, syncDir } from "./fs-ops.js";
import { type CopyStepFile, undoFolderCopy } from "./undo-folder-copy.js";

/**
 * The write-ahead journal (.agentc/journal.json): every step of the transaction, written and flushed before
 * the first mutation. Each step can be undone from what is on disk alone, so a rollback after a crash at
 * any point restores the old state; the install record and the manifest copy are steps like any file.
 */
export type Step =
  /**
   * put a new file (content `sha256`, owner execute bit `executable`) or link (text `link`) at `path`; the old
   * one, if any, was first saved at `backup`. Undo removes only what this step put: a file the user wrote or
   * chmod-ed there since is kept. A link whose
   * fallback is a copy of a folder lists the copied files (`copies`), so that undo can take the copy apart;
   * where an earlier folder copy was there, `after` lists the backups of its files (removed by earlier steps):
   * until all of them exist, the folder at `path` is still the earlier one and is not this step's to undo.
   */
  | {
      op: "put";
      path: string;
      backup?: string;
      sha256?: string;
      executable?: boolean;
      link?: string;
      copies?: CopyStepFile[];
      after?: string[];
    }
  | { op: "remove"; path: string; backup: string }
  | { op: "rename"; from: string; to: string }
  | { op: "mkdir"; path: string }
  | { op: "rmdir"; path: string };

export interface Journal {
  version: 1;
  state: "applying" | "committed";
  steps: Step[];
  /** capabilities whose spawn hook started: retired (last first) before the steps are undone */
  spawned?: JournalSpawn[];
}

export const journalPath = `${agentcDir}/journal.json`;
export const backupDir = `${agentcDir}/journal-backup`;
/** The journal of the install at `root` (in a project: `journalPath`). */
export const journalPathIn = (root: string): string => agentcPath(root, "journal.json");
/** Where the journal of the install at `root` keeps its backups (in a project: `backupDir`). */
export const backupDirIn = (root: string): string => agentcPath(root, "journal-backup");

export function readJournal(root: string): Journal | undefined {
  try {
    return parseJson(readFileSync(join(root, journalPathIn(root)), "utf8")) as Journal;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    // a journal cut short by a crash while it was first written: nothing after it ran
    return { version: 1, state: "applying", steps: [] };
  }
}

export function writeJournal(fs: ProjectWriter, root: string, journal: Journal): void {
  writeDurably(fs, root, journalPathIn(root), Buffer.from(JSON.stringify(journal)));
}

/** Atomic and flushed, for agentc's own files in .agentc/: temp file, fsync, rename, fsync the folder. */
export function writeDurably(fs: ProjectWriter, root: string, path: string, bytes: Buffer): void {
  const abs = join(root, path);
  const temp = `${abs}${tempSuffix}`;
  removeIfPresent(fs, temp);
  try {
    fs.writeNewFile(temp, bytes, 0o644, true);
    fs.rename(temp, abs);
  } catch (error) {
    // a failed run leaves no temp behind; a crash leaves it to the next run (finishJournal)
    if (!(error instanceof SimulatedCrash)) removeIfPresent(fs, temp);
    throw error;
  }
  syncDir(dirname(abs));
}

/** Undoes every step, last first; safe to run again after a crash in the middle of it. */
export function rollBack(fs: ProjectWriter, root: string, journal: Journal): void {
  for (const step of [...journal.steps].reverse()) undo(fs, root, step);
}

function undo(fs: ProjectWriter, root: string, step: Step): void {
  const at = (p: string): string => join(root, p);
  if (step.op === "put") {
    if (step.copies) {
      undoFolderCopy(fs, `${at(step.path)}${tempSuffix}`, step.copies, tempSuffix);
      if (startedOver(root, step)) undoFolderCopy(fs, at(step.path), step.copies, tempSuffix);
    }
    removeIfPresent(fs, `${at(step.path)}${tempSuffix}`);
    const mine = !exists(at(step.path)) || putByStep(at(step.path), step);
    if (step.backup && exists(at(step.backup)) && mine) fs.rename(at(step.backup), at(step.path));
    else if (!step.backup && exists(at(step.path)) && !isDir(at(step.path)) && mine) fs.unlink(at(step.path));
  } else if (step.op === "remove") {
    if (exists(at(step.backup)) && !exists(at(step.path))) fs.rename(at(step.backup), at(step.path));
  } else if (step.op === "rename") {
    if (exists(at(step.to)) && !exists(at(step.from))) fs.rename(at(step.to), at(step.from));
  } else if (step.op === "mkdir") {
    if (isDir(at(step.path)) && readdirSync(at(step.path)).length === 0) fs.removeDir(at(step.path));
  } else if (!exists(at(step.path))) fs.makeDir(at(step.path));
}

/** Whether what was at the step's path before it (a link, a file, a folder copy) was moved away. */
function startedOver(root: string, step: Extract<Step, { op: "put" }>): boolean {
  const moved = [...(step.backup ? [step.backup] : []), ...(step.after ?? [])];
  return moved.every((backup) => exists(join(root, backup)));
}

/**
 * Whether `abs` holds what the step wrote (anything, for steps that say nothing: agentc's own files). An empty
 * file where the step created one is its write cut short (small files are created in place; see apply.ts).
 */
function putByStep(abs: string, step: Extract<Step, { op: "put" }>): boolean {
  if (step.sha256 === undefined && step.link === undefined) return true;
  const stat = lstatSync(abs);
  if (stat.isSymbolicLink()) return readlinkSync(abs) === step.link;
  if (!stat.isFile() || step.sha256 === undefined) return false;
  if (stat.size === 0 && !step.backup) return true;
  if (step.executable !== undefined && ((stat.mode & 0o100) !== 0) !== step.executable) return false;
  return sha256(readFileSync(abs)) === step.sha256;
}

/** After commit or rollback: drop the backups, then the journal itself. */
export function finishJournal(fs: ProjectWriter, root: string): void {
  const dir = join(root, backupDirIn(root));
  if (isDir(dir)) {
    for (const name of readdirSync(dir)) fs.unlink(join(dir, name));
    fs.removeDir(dir);
  }
  removeIfPresent(fs, `${join(root, journalPathIn(root))}${tempSuffix}`);
  removeIfPresent(fs, join(root, journalPathIn(root)));
  // left by a crash while the record was marked before retiring (spawns/record-retiring.ts)
  removeIfPresent(fs, `${join(root, recordPathIn(root))}${tempSuffix}`);
}

/** Saves the file at `path` under `backup` without ever removing it from `path`. */
export function backUpByLink(fs: ProjectWriter, path: string, backup: string): void {
  fs.hardLink(path, backup);
}

export function exists(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}

function isDir(abs: string): boolean {
  try {
    return lstatSync(abs).isDirectory();
  } catch {
    return false;
  }
}

/** A file or link; a folder left there (a folder copy holding someone's file) stays. */
function removeIfPresent(fs: ProjectWriter, abs: string): void {
  if (exists(abs) && !isDir(abs)) fs.unlink(abs);
}
