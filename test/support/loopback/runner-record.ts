import { spawn, spawnSync } from "node:child_process";
import { networkIsolated } from "../clients-cli.js";
import { outcome } from "../run-cli-async.js";

/**
 * Runs a runner process (session-runner.ts, mcp-probe-runner.ts) and resolves with the JSON record it
 * prints; rejects, with the start of its output, when it prints none. `what` names it in that message.
 */
export function runnerRecord<T>(argv: string[], env: NodeJS.ProcessEnv, what: string): Promise<T> {
  const [file = "", ...args] = argv;
  const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"], env });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    void outcome(child).then(({ status, stdout, stderr }) => {
      try {
        resolve(JSON.parse(stdout) as T);
      } catch {
        reject(
          new Error(
            `${what} exited ${status} without a record: ${stdout.slice(0, 2000)}${stderr.slice(0, 2000)}`,
          ),
        );
      }
    });
  });
}

/** A network namespace whose loopback is up: the stand-in and the CLI meet there, and nowhere else. */
export const loopbackIsolated =
  networkIsolated && spawnSync("unshare", ["--net", "sh", "-c", "ip link set lo up"]).status === 0;

/** A runner's command line, inside a network namespace of its own with loopback up where the machine allows it. */
export function inLoopbackNamespace(command: string[]): string[] {
  return loopbackIsolated
    ? ["unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$0" "$@"', ...command]
    : command;
}
