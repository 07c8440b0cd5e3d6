import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { packageRoot } from "../../src/shared/package-paths.js";

export const binPath = join(packageRoot, "bin", "agentc.js");

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the real bin/agentc.js in a child process. */
export function runCli(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
): CliResult {
  const result = spawnSync(process.execPath, [binPath, ...args], {
    cwd: options.cwd ?? packageRoot,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    input: options.input ?? "",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** The same, without blocking this process: for tests that serve the CLI over loopback HTTP themselves. */
export function runCliAsync(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, ...args], {
      cwd: options.cwd ?? packageRoot,
      env: { ...process.env, NO_COLOR: "1", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status: status ?? -1, stdout, stderr }));
  });
}
