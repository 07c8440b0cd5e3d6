import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { networkIsolated } from "../clients-cli.js";
import type { SessionPlan, SessionRecord } from "./session-runner.js";

export type { SessionPlan, SessionRecord } from "./session-runner.js";

const runner = fileURLToPath(new URL("./session-runner.js", import.meta.url));

/** A network namespace whose loopback is up: the stand-in API and the CLI meet there, and nowhere else. */
export const loopbackIsolated =
  networkIsolated && spawnSync("unshare", ["--net", "sh", "-c", "ip link set lo up"]).status === 0;

/**
 * One real client session against a stand-in model API (session-runner.ts). Offline: inside its own
 * network namespace when the machine allows it, else with every proxy pointing at a refused port and
 * only loopback exempt (the sandbox's environment).
 */
export function clientSession(plan: SessionPlan): Promise<SessionRecord> {
  const env = { ...plan.env, NO_PROXY: "127.0.0.1,localhost", no_proxy: "127.0.0.1,localhost" };
  const node = [process.execPath, runner, JSON.stringify({ ...plan, env })];
  const argv = loopbackIsolated
    ? ["unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$0" "$@"', ...node]
    : node;
  const [file = "", ...args] = argv;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (status) => {
      try {
        resolve(JSON.parse(out) as SessionRecord);
      } catch {
        reject(
          new Error(
            `the session runner exited ${status} without a record: ${out.slice(0, 2000)}${err.slice(0, 2000)}`,
          ),
        );
      }
    });
  });
}

/** The request of a session that carries the most: the main conversation's first turn, with every instruction. */
export function mainRequest(record: SessionRecord): string {
  return record.requests.reduce((big, r) => (r.body.length > big.length ? r.body : big), "");
}

/** The session for an assertion message: exit, the end of its output, and the requests' URLs. */
export function describeSession(record: SessionRecord): string {
  const cut = (text: string) => (text.length > 3000 ? `…${text.slice(-3000)}` : text);
  const how = record.timedOut ? "timed out" : `exit ${record.status}`;
  const urls = record.requests.map((r) => r.url).join(", ");
  return `${how}; requests: ${urls || "none"}\n--- stdout\n${cut(record.stdout)}\n--- stderr\n${cut(record.stderr)}`;
}
