import { spawn } from "node:child_process";

export interface GroupRun {
  status: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program in a process group of its own, collecting its output; when `timeoutMs` passes, the whole
 * group is killed (a client CLI's helpers included) and `timedOut` is set. Rejects when it cannot start.
 */
export function runInGroup(
  file: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<GroupRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    }, options.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, timedOut, stdout, stderr });
    });
  });
}
