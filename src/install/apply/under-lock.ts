import { SpawnFailed } from "../capability/run-spawns.js";
import type { RunResult } from "../model/run-result.js";
import { confineTo, SimulatedCrash } from "./fs-ops.js";
import { checkpoint, Interrupted, trapSignals } from "./interruption.js";
import { acquireLock, LockHeldError } from "./lock.js";

/** Takes the project lock, traps SIGINT/SIGTERM, and turns failures into results; always releases. */
export async function underLock<T extends RunResult>(
  root: string,
  base: T,
  body: () => Promise<T>,
): Promise<T> {
  confineTo(root);
  const untrap = trapSignals();
  let lock: { release(): void } | undefined;
  let result: T;
  try {
    lock = acquireLock(root);
    await checkpoint("locked");
    result = await body();
  } catch (error) {
    if (error instanceof SimulatedCrash) lock = undefined;
    result = { ...base, ...failure(error) };
  }
  try {
    lock?.release();
  } catch (error) {
    result = { ...result, ...failure(error) };
  } finally {
    untrap();
  }
  return result;
}

function failure(error: unknown): Pick<RunResult, "status" | "problems" | "signal"> {
  if (error instanceof LockHeldError) return { status: "locked", problems: [error.message] };
  if (error instanceof Interrupted)
    return { status: "interrupted", problems: [error.message], signal: error.signal };
  if (error instanceof SimulatedCrash) return { status: "failed", problems: [error.message] };
  if (error instanceof SpawnFailed)
    return { status: "hook-failed", problems: [`${error.message}; every change was rolled back`] };
  return {
    status: "failed",
    problems: [`${(error as Error).message ?? String(error)}; every change was rolled back`],
  };
}
