import type { BigIntStats } from "node:fs";
import { join } from "node:path";
import { defaultHookTimeoutMs } from "../capability/hook-timeout.js";
import type { JournalSpawn } from "../capability/journal-spawn.js";
import { retireSpawns } from "../capability/retire-spawns.js";
import type { SpawnReport } from "../capability/spawn-report.js";
import { checkpoint } from "../model/interruption.js";
import type { LinkOutcome } from "../model/link-outcome.js";
import type { Action, Content } from "../model/plan-model.js";
import { isMutation, mutatingOps } from "../model/plan-model.js";
import { fileStamp, type KnownFile } from "../project/stat-cache.js";
import { durabilityBarrier } from "./durability.js";
import { createFile, replaceFile } from "./file-writes.js";
import { type ProjectWriter, SimulatedCrash } from "./fs-ops.js";
import {
  backupDirIn,
  exists,
  finishJournal,
  type Journal,
  rollBack,
  type Step,
  writeJournal,
} from "./journal.js";
import { placeLink } from "./place-link.js";

/** A file written after the plan's actions (the install record, the manifest copy), part of the journal. */
export interface FinalFile {
  path: string;
  replace: boolean;
  bytes: (links: Map<string, LinkOutcome>) => Buffer;
}

export interface ApplyInput {
  root: string;
  /** the run's writer: every change to the project goes through it */
  fs: ProjectWriter;
  actions: Action[];
  finalFiles: FinalFile[];
  bytesOf: (content: Content) => Buffer;
  onProgress?: (done: number, total: number) => void;
  /** filled with the stamp and hash of every project file the actions write (for the stat cache) */
  wrote?: Map<string, KnownFile>;
  /**
   * Runs once every file is in place and before the record is written (the capability spawn hooks); it
   * journals what it starts through the function it is given. Throwing rolls everything back.
   */
  afterFiles?: (journal: (spawned: JournalSpawn[]) => void) => Promise<void>;
  hookTimeoutMs?: number;
  /** filled with the retire hooks run while rolling back */
  rollbackReports?: SpawnReport[];
}

type Task = { step: Step; run: () => void };

/** Undoing a failed run failed too (a disk that is full or gone): the journal stays for the next run. */
export class RollbackUnfinished extends Error {
  constructor(
    readonly first: unknown,
    readonly undoError: unknown,
  ) {
    super(`rolling back failed too (${messageOf(undoError)})`);
  }
}

const order = (a: Action): number => mutatingOps.indexOf(a.op);

/** Runs the actions as one transaction: journal first, undo everything on any failure or signal. */
export async function applyPlan(input: ApplyInput): Promise<Map<string, LinkOutcome>> {
  const links = new Map<string, LinkOutcome>();
  const actions = input.actions.filter(isMutation).sort((a, b) => order(a) - order(b));
  const backups = backupDirIn(input.root);
  const removedTo = new Map(
    actions.flatMap((a, i) => (a.op === "remove" ? [[a.path, `${backups}/${i}`]] : [])),
  );
  const tasks = actions.map((a, i) => task(input, a, i, links, removedTo, backups));
  input.finalFiles.forEach((f, i) => {
    tasks.push(finalTask(input.fs, input.root, f, actions.length + i, links));
  });
  let journal: Journal = { version: 1, state: "applying", steps: tasks.map((t) => t.step) };
  const journalSpawns = (spawned: JournalSpawn[]): void => {
    journal = { ...journal, spawned: spawned.map((s) => ({ ...s })) };
    writeJournal(input.fs, input.root, journal);
  };
  try {
    writeJournal(input.fs, input.root, journal);
    if (!exists(join(input.root, backupDirIn(input.root))))
      input.fs.makeDir(join(input.root, backupDirIn(input.root)));
    await checkpoint("journaled");
    await runTasks(input, tasks, journalSpawns);
    durabilityBarrier(input.root, input.fs.changes());
    writeJournal(input.fs, input.root, { ...journal, state: "committed" });
  } catch (error) {
    if (error instanceof SimulatedCrash) throw error;
    input.fs.forgetParents();
    const retired = await retireSpawns(
      input.root,
      journal.spawned ?? [],
      input.hookTimeoutMs ?? defaultHookTimeoutMs,
    );
    input.rollbackReports?.push(...retired);
    try {
      rollBack(input.fs, input.root, journal);
      durabilityBarrier(input.root, input.fs.changes());
      finishJournal(input.fs, input.root);
    } catch (undoError) {
      if (undoError instanceof SimulatedCrash) throw undoError;
      throw new RollbackUnfinished(error, undoError);
    }
    throw error;
  }
  await checkpoint("committed").catch(() => undefined);
  try {
    finishJournal(input.fs, input.root);
  } catch (error) {
    // committed: the install stands; the next run clears the leftover backups
    if (error instanceof SimulatedCrash) throw error;
  }
  return links;
}

async function runTasks(
  input: ApplyInput,
  tasks: Task[],
  journalSpawns: (spawned: JournalSpawn[]) => void,
): Promise<void> {
  const appliedAt = tasks.length - input.finalFiles.length;
  const afterFiles = async (): Promise<void> => {
    await checkpoint("applied");
    await input.afterFiles?.(journalSpawns);
  };
  for (let i = 0; i < tasks.length; i++) {
    if (i === appliedAt) await afterFiles();
    tasks[i]?.run();
    if (i % 256 === 255) {
      input.onProgress?.(i + 1, tasks.length);
      await checkpoint();
    }
  }
  if (tasks.length % 256 !== 0) input.onProgress?.(tasks.length, tasks.length);
  if (appliedAt === tasks.length) await afterFiles();
  await checkpoint("recorded");
}

function task(
  input: ApplyInput,
  action: Action,
  index: number,
  links: Map<string, LinkOutcome>,
  removedTo: Map<string, string>,
  backups: string,
): Task {
  const at = (p: string): string => join(input.root, p);
  const backup = `${backups}/${index}`;
  const fs = input.fs;
  switch (action.op) {
    case "mkdir":
      return { step: { op: "mkdir", path: action.path }, run: () => fs.makeDir(at(action.path)) };
    case "rmdir":
      return { step: { op: "rmdir", path: action.path }, run: () => fs.removeDir(at(action.path)) };
    case "move-aside":
    case "move-back":
      return {
        step: { op: "rename", from: action.path, to: action.to },
        run: () => fs.rename(at(action.path), at(action.to)),
      };
    case "remove":
      return {
        step: { op: "remove", path: action.path, backup },
        run: () => fs.rename(at(action.path), at(backup)),
      };
    case "create":
      return {
        step: { op: "put", path: action.path, sha256: action.content.sha256, executable: action.executable },
        run: () =>
          noteWrite(
            input,
            action,
            createFile(fs, at(action.path), input.bytesOf(action.content), action.executable),
          ),
      };
    case "update": {
      const persons = action.compose !== undefined || action.block !== undefined;
      const mode = persons ? "kept" : action.executable;
      return {
        step: {
          op: "put",
          path: action.path,
          backup,
          sha256: action.content.sha256,
          ...(persons ? {} : { executable: action.executable }),
        },
        run: () =>
          noteWrite(
            input,
            action,
            replaceFile(fs, at(action.path), at(backup), input.bytesOf(action.content), mode),
          ),
      };
    }
    case "write-beside":
      return action.replace
        ? {
            step: { op: "put", path: action.path, backup, sha256: action.content.sha256, executable: false },
            run: () =>
              noteWrite(
                input,
                action,
                replaceFile(fs, at(action.path), at(backup), input.bytesOf(action.content), false),
              ),
          }
        : {
            step: { op: "put", path: action.path, sha256: action.content.sha256, executable: false },
            run: () =>
              noteWrite(input, action, createFile(fs, at(action.path), input.bytesOf(action.content), false)),
          };
    case "link":
      return {
        step: linkStep(action, backup, backupsOf(action.clears ?? [], removedTo)),
        run: () => {
          if (action.replace) fs.rename(at(action.path), at(backup));
          const writer = {
            fs,
            bytesOf: input.bytesOf,
            wrote: (path: string, stat: BigIntStats, sha256: string) =>
              input.wrote?.set(path, { stamp: fileStamp(stat), sha256 }),
          };
          links.set(action.path, placeLink(action, at(action.path), writer));
        },
      };
    default:
      throw new Error(`internal: ${action.op} is not a mutation`);
  }
}

/** What a link step may leave: the link, a fallback file (its hash), or a folder copy (each file's hash). */
function linkStep(action: Extract<Action, { op: "link" }>, backup: string, after: string[]): Step {
  const fallback = action.fallback;
  return {
    op: "put",
    path: action.path,
    ...(action.replace ? { backup } : {}),
    ...(after.length > 0 ? { after } : {}),
    link: action.target,
    ...(fallback?.kind === "copy-folder"
      ? { copies: fallback.files.map((f) => ({ rel: f.rel, sha256: f.content.sha256 })) }
      : fallback
        ? { sha256: fallback.content.sha256 }
        : {}),
  };
}

function backupsOf(paths: string[], removedTo: Map<string, string>): string[] {
  return paths.map((path) => {
    const backup = removedTo.get(path);
    if (backup === undefined) throw new Error(`internal: ${path} is cleared for a link but not removed`);
    return backup;
  });
}

function finalTask(
  fs: ProjectWriter,
  root: string,
  file: FinalFile,
  index: number,
  links: Map<string, LinkOutcome>,
): Task {
  const abs = join(root, file.path);
  const backup = join(root, `${backupDirIn(root)}/${index}`);
  return file.replace
    ? {
        step: { op: "put", path: file.path, backup: `${backupDirIn(root)}/${index}` },
        run: () => replaceFile(fs, abs, backup, file.bytes(links), false, true),
      }
    : {
        step: { op: "put", path: file.path },
        run: () => createFile(fs, abs, file.bytes(links), false, true),
      };
}

export function messageOf(error: unknown): string {
  return (error as Error | undefined)?.message ?? String(error);
}

function noteWrite(input: ApplyInput, action: { path: string; content: Content }, stat: BigIntStats): void {
  input.wrote?.set(action.path, { stamp: fileStamp(stat), sha256: action.content.sha256 });
}
