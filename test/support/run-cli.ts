import { spawnSync } from "node:child_process";
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
