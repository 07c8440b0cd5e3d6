import { spawn, spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import { packageRoot } from "../../src/shared/package-paths.js";

export const binPath = join(packageRoot, "bin", "agentc.js");

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI in this process, through `main(argv, io)`, as from a pipe (no terminal, no colour): what a test
 * of a command's behaviour uses. A run reads and writes the files its arguments name; it shares no state with
 * the next one but the caches of the package's own data. A test that needs what only a process has (another
 * working directory, environment variables the CLI or its children read, stdin, a signal, the exit code as the
 * shell sees it, bin/agentc.js itself) uses runCliProcess.
 */
export async function runAgentc(args: string[]): Promise<CliResult> {
  assertRunFromPackageRoot();
  let stdout = "";
  let stderr = "";
  const status = await main(args, {
    out: (text) => {
      stdout += `${text}\n`;
    },
    err: (text) => {
      stderr += `${text}\n`;
    },
    color: false,
    isTty: false,
  });
  return { status, stdout, stderr };
}

/**
 * runAgentc with `env` set in this process for the run and put back after it: for the installer's test switches
 * (AGENTC_FORCE_SYMLINK_EPERM, ...), which it reads when the run reaches them, not for variables whose reading
 * is the thing tested.
 */
export async function runAgentcWithEnv(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await runAgentc(args);
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * Relative paths in a test's arguments name files of the package, as they did when every run was a process
 * started there: an in-process run resolves them against this process's working directory instead.
 */
function assertRunFromPackageRoot(): void {
  if (realpathSync(process.cwd()) !== realpathSync(packageRoot))
    throw new Error(`run the tests from the package root ${packageRoot} (they run from ${process.cwd()})`);
}

/** Runs the real bin/agentc.js in a child process. */
export function runCliProcess(
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
export function runCliProcessAsync(
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

/** The old names of runCliProcess and runCliProcessAsync, for the test folders not yet moved in-process. */
export const runCli = runCliProcess;
export const runCliAsync = runCliProcessAsync;
