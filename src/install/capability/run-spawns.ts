import { interruptPending, throwIfInterrupted } from "../model/interruption.js";
import type { SpawnRecord, SpawnState } from "../model/spawn-record.js";
import type { HookOutcome } from "./hook-model.js";
import type { JournalSpawn } from "./journal-spawn.js";
import { runHook } from "./run-hook.js";
import type { SpawnStep } from "./spawn-plan.js";
import type { SpawnReport } from "./spawn-report.js";

/** A required spawn hook failed: the install is rolled back (apply.ts retires what was spawned). */
export class SpawnFailed extends Error {}

export interface SpawnRun {
  root: string;
  steps: SpawnStep[];
  /** the person allowed hooks to run (--allow-hooks, or yes at the prompt) */
  allowed: boolean;
  timeoutMs: number;
  /** writes the journal: called before each hook starts and after it returns */
  journal: (spawned: JournalSpawn[]) => void;
  /** filled as hooks run, so a failure still reports the ones before it */
  reports: SpawnReport[];
}

/**
 * Runs the spawn hooks in order, after the files are in place and before the record is written. Each is
 * journaled before it starts, so a failure, a signal or a crash retires it with the rest.
 */
export async function runSpawns(run: SpawnRun): Promise<SpawnRecord[]> {
  const started: JournalSpawn[] = [];
  const records: SpawnRecord[] = [];
  for (const step of run.steps) {
    const hook = step.hook;
    if (!hook) {
      records.push(recordOf(step, "none"));
      continue;
    }
    const report: SpawnReport = {
      capability: step.unit.block.id,
      event: "spawn",
      command: hook.command,
      required: hook.required,
      result: "skipped",
    };
    run.reports.push(report);
    if (!run.allowed) {
      records.push(recordOf(step, "skipped"));
      continue;
    }
    const entry = journalEntry(step);
    started.push(entry);
    run.journal(started);
    const outcome = await runHook({
      root: run.root,
      home: step.unit.block.home,
      capability: {
        id: step.unit.block.id,
        layer: step.unit.block.layer,
        environment: step.unit.block.environment,
      },
      event: "spawn",
      command: hook.command,
      timeoutMs: run.timeoutMs,
      shouldStop: interruptPending,
    });
    records.push(settle(step, outcome, report, entry));
    // a hook that never started has nothing to undo
    if (!outcome.ok && outcome.failure === "missing") started.pop();
    run.journal(started);
    if (!outcome.ok && outcome.failure === "aborted") throwIfInterrupted();
    if (!outcome.ok && hook.required) throw new SpawnFailed(outcome.problem);
  }
  if (interruptPending()) throwIfInterrupted();
  return records;
}

function settle(
  step: SpawnStep,
  outcome: HookOutcome,
  report: SpawnReport,
  entry: JournalSpawn,
): SpawnRecord {
  if (!outcome.ok) {
    report.result = "failed";
    report.problem = outcome.problem;
    return recordOf(step, "failed");
  }
  report.result = "ran";
  report.env = Object.keys(outcome.env).sort();
  if (outcome.warning) report.warning = outcome.warning;
  if (outcome.meta !== undefined) entry.meta = outcome.meta;
  return {
    ...recordOf(step, "ok"),
    env: outcome.env,
    ...(outcome.meta !== undefined ? { meta: outcome.meta } : {}),
  };
}

function journalEntry(step: SpawnStep): JournalSpawn {
  const block = step.unit.block;
  const retire = step.unit.hooks.find((h) => h.event === "retire");
  return {
    component: step.unit.component,
    capability: block.id,
    layer: block.layer,
    home: block.home,
    environment: block.environment,
    ...(retire ? { retire: retire.command } : {}),
    respawn: step.previous !== undefined,
  };
}

function recordOf(step: SpawnStep, state: SpawnState): SpawnRecord {
  const block = step.unit.block;
  return {
    component: step.unit.component,
    capability: block.id,
    version: block.version,
    home: block.home,
    layer: block.layer,
    environment: block.environment,
    content_sha256: step.unit.contentSha,
    hooks: block.hooks,
    state,
    env: {},
  };
}
