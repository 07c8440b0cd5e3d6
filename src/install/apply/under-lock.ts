import { SpawnFailed } from "../capability/run-spawns.js";
import { checkpoint, Interrupted, trapSignals } from "../model/interruption.js";
import { isNoSpace, noSpaceText } from "../model/no-space.js";
import { messageOf, RollbackUnfinished } from "./apply.js";
import { ProjectWriter, SimulatedCrash } from "./fs-ops.js";
import { acquireLock, LockHeldError } from "./lock.js";
import type { RunResult } from "./run-result.js";

/**
 * Takes the project lock, traps SIGINT/SIGTERM, and turns failures into results; always releases. The run
 * changes the project only through `fs`, a writer made for it.
 */
export async function underLock<T extends RunResult>(
  root: string,
  base: T,
  body: (fs: ProjectWriter) => Promise<T>,
  verb: "install" | "uninstall" = "install",
  fs = new ProjectWriter(root),
): Promise<T> {
  const untrap = trapSignals();
  let lock: { release(): void } | undefined;
  let result: T;
  try {
    lock = acquireLock(fs, root);
    await checkpoint("locked");
    result = await body(fs);
  } catch (error) {
    if (error instanceof SimulatedCrash) lock = undefined;
    result = { ...base, ...failure(error, verb, root) };
  }
  try {
    lock?.release();
  } catch (error) {
    result = { ...result, ...failure(error, verb, root) };
  } finally {
    untrap();
  }
  return result;
}

function failure(
  error: unknown,
  verb: string,
  root: string,
): Pick<RunResult, "status" | "problems" | "signal"> {
  if (error instanceof RollbackUnfinished)
    return {
      status: "failed",
      problems: [
        `${isNoSpace(error.first) ? noSpaceText(error.first, root) : messageOf(error.first)}; ${error.message}: the journal is kept, and the next agentc install or uninstall finishes the rollback`,
      ],
    };
  if (isNoSpace(error))
    return {
      status: "no-space",
      problems: [
        `${noSpaceText(error, root)}; every change was rolled back, the project is as it was: free some space and run agentc ${verb} again`,
      ],
    };
  if (error instanceof LockHeldError) return { status: "locked", problems: [error.message] };
  if (error instanceof Interrupted)
    return {
      status: "interrupted",
      problems: [`${error.message}; the ${verb} was rolled back`],
      signal: error.signal,
    };
  if (error instanceof SimulatedCrash) return { status: "failed", problems: [error.message] };
  if (error instanceof SpawnFailed)
    return { status: "hook-failed", problems: [`${error.message}; every change was rolled back`] };
  return {
    status: "failed",
    problems: [`${messageOf(error)}; every change was rolled back`],
  };
}
