import { spawn } from "node:child_process";
import { type ClientSandbox, networkIsolated } from "./clients-cli.js";

/**
 * One request to `codex app-server` (JSON-RPC over stdio, the protocol Codex's own editors use): the
 * handshake, the request, and its result, or the error it answered with. Offline like runClient.
 */
export function appServerRequest(
  program: string[],
  cwd: string,
  sandbox: ClientSandbox,
  method: string,
  params: unknown,
): Promise<{ result?: unknown; error?: unknown; stderr: string }> {
  const argv = [...(networkIsolated ? ["unshare", "--net"] : []), ...program, "app-server"];
  const [file = "", ...args] = argv;
  const child = spawn(file, args, { cwd, env: sandbox.env, stdio: ["pipe", "pipe", "pipe"], detached: true });
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  return new Promise((resolve, reject) => {
    let buffer = "";
    const done = (answer: { result?: unknown; error?: unknown }) => {
      clearTimeout(timer);
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      resolve({ ...answer, stderr });
    };
    const timer = setTimeout(() => done({ error: `no answer to ${method} in 30 s` }), 30_000);
    child.on("error", reject);
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        let message: { id?: number; result?: unknown; error?: unknown };
        try {
          message = JSON.parse(line) as typeof message;
        } catch {
          continue;
        }
        if (message.id === 1) {
          send({ method: "initialized" });
          send({ id: 2, method, params });
        } else if (message.id === 2) done(message);
      }
    });
    send({ id: 1, method: "initialize", params: { clientInfo: { name: "agentc-tests", version: "0" } } });
  });
}
