import { type ChildProcess, spawn } from "node:child_process";
import { packageRoot } from "../../src/shared/package-paths.js";
import { binPath, type CliResult } from "./run-cli.js";

/** Runs the real CLI without blocking this process, so that servers in this process can answer it. */
export function runCliAsync(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [binPath, ...args], {
    cwd: packageRoot,
    env: { ...process.env, NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return outcome(child);
}

/** A child's exit status and everything it wrote, once it has closed its output. */
export function outcome(child: ChildProcess): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve) =>
    child.on("close", (code) => resolve({ status: code ?? -1, stdout, stderr })),
  );
}
