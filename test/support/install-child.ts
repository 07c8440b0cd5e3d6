import { type ChildProcess, spawn } from "node:child_process";
import { binPath } from "./run-cli.js";

export interface PausedChild {
  child: ChildProcess;
  /** resolves with the exit code (or the signal) and everything printed on stderr */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** Starts the real CLI with AGENTC_PAUSE_AFTER=<phase>; resolves once it reports it is waiting there. */
export function startPaused(
  args: string[],
  phase: string,
  env: NodeJS.ProcessEnv = {},
): Promise<PausedChild> {
  const child = spawn(process.execPath, [binPath, ...args], {
    env: { ...process.env, NO_COLOR: "1", AGENTC_PAUSE_AFTER: phase, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stderr })),
  );
  child.stdout?.resume();
  return new Promise((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(`agentc-paused:${phase}`)) resolve({ child, done });
    });
    void done.then(({ code }) =>
      reject(new Error(`child exited (${code}) before pausing at ${phase}:\n${stderr}`)),
    );
  });
}
