import { type ChildProcess, spawn } from "node:child_process";
import { constants } from "node:os";

/** How a package command ended. */
export type CommandEnd =
  | { kind: "exited"; status: number }
  | { kind: "killed"; signal: NodeJS.Signals }
  /** spawn failed: ENOENT, EACCES, … */
  | { kind: "unstartable"; code: string };

export interface CommandProcess {
  argv: readonly [string, ...string[]];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** The signals sent to agentc while a command runs that it passes on to the command. */
const forwarded: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM"];

/**
 * Runs the command in the foreground with agentc's stdin, stdout and stderr, without a shell. It stays in
 * agentc's process group, so it can read from the terminal; a SIGINT or SIGTERM sent to agentc is passed on
 * and agentc waits for the command to end.
 */
export async function runCommandProcess(run: CommandProcess): Promise<CommandEnd> {
  const [file, ...args] = run.argv;
  let child: ChildProcess;
  try {
    child = spawn(file, args, { cwd: run.cwd, env: run.env, stdio: "inherit" });
  } catch (error) {
    return { kind: "unstartable", code: errorCode(error) };
  }
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  for (const signal of forwarded) process.on(signal, forward);
  try {
    return await endOf(child);
  } finally {
    for (const signal of forwarded) process.off(signal, forward);
  }
}

/** The command's exit status; a command killed by signal n gives 128 + n, as a shell reports it. */
export function exitStatus(end: CommandEnd & { kind: "exited" | "killed" }): number {
  if (end.kind === "exited") return end.status;
  return 128 + (constants.signals[end.signal] ?? 0);
}

function endOf(child: ChildProcess): Promise<CommandEnd> {
  return new Promise((resolve) => {
    child.once("error", (error) => resolve({ kind: "unstartable", code: errorCode(error) }));
    child.once("exit", (code, signal) =>
      resolve(signal ? { kind: "killed", signal } : { kind: "exited", status: code ?? 0 }),
    );
  });
}

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" ? code : String(error);
}
