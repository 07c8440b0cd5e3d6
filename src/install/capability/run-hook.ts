import { resolve } from "node:path";
import { commandWords } from "../../capabilities/command-words.js";
import { hookEnvironment } from "./hook-environment.js";
import type { HookFailure, HookOutcome, HookRun } from "./hook-model.js";
import { readReply } from "./hook-output.js";
import { type HookEnd, runHookProcess } from "./hook-process.js";
import { hookProgram } from "./hook-program.js";
import { unstartable } from "./unstartable.js";

export type { HookFailure, HookOutcome, HookRun } from "./hook-model.js";

/** How many of the last stderr lines a failure's problem text quotes. */
const stderrLinesShown = 5;

/** Runs one hook per the capability contract; never throws for anything the hook does. */
export async function runHook(run: HookRun): Promise<HookOutcome> {
  const words = commandWords(run.command);
  if (!words.ok) return failed(run, "missing", `cannot be run: the command ${words.problem}`, "");
  const root = resolve(run.root);
  const home = resolve(root, run.home);
  const program = hookProgram(words.words, home);
  if (!program.ok) return failed(run, "missing", program.problem, "");
  if (run.shouldStop?.()) return failed(run, "aborted", "was not started: the install was interrupted", "");
  const ran = await runHookProcess({
    argv: program.argv,
    cwd: home,
    env: hookEnvironment(run, home, root),
    timeoutMs: run.timeoutMs,
    shouldStop: run.shouldStop,
  });
  if (ran.end.kind !== "exited" || ran.end.status !== 0)
    return failed(run, failureOf(ran.end), whatHappened(ran.end, run, program.name), ran.stderr);
  const read = readReply(ran.stdout, run.event, run.capability.environment);
  if (!read.ok) return failed(run, "output", read.problem, ran.stderr);
  return { ok: true, ...read.reply, stderr: ran.stderr };
}

function failureOf(end: HookEnd): HookFailure {
  if (end.kind === "exited") return "exit";
  if (end.kind === "killed") return "signal";
  if (end.kind === "unstartable") return "missing";
  return end.kind;
}

function whatHappened(end: HookEnd, run: HookRun, program: string): string {
  switch (end.kind) {
    case "exited":
      return `exited with status ${end.status}`;
    case "killed":
      return `was killed by ${end.signal}`;
    case "timeout":
      return `timed out after ${run.timeoutMs / 1000} s`;
    case "aborted":
      return "was stopped: the install was interrupted";
    case "unstartable":
      return unstartable(end.code, program);
  }
}

/** One sentence naming the capability, event and command, then the last lines of stderr indented. */
function failed(run: HookRun, failure: HookFailure, what: string, stderr: string): HookOutcome {
  const sentence = `capability ${run.capability.id}: ${run.event} hook ${JSON.stringify(run.command)} ${what}`;
  const tail = stderr
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "")
    .slice(-stderrLinesShown)
    .map((line) => `  ${line}`);
  return { ok: false, failure, problem: [sentence, ...tail].join("\n"), stderr };
}
