import { type ChildProcess, spawn } from "node:child_process";
import { startServe as startServeHere } from "../../src/serve/http-server.js";
import { installScriptFor } from "../../src/serve/install-script.js";
import { binPath } from "./run-cli.js";

export interface ServeProcess {
  /** the base URL, the first stdout line */
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** sends the signal and resolves with the exit code */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Servers still running when the test file's process exits are killed then (not in node:test's after(),
 * which would end a server started in a before hook as soon as that hook is done).
 */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Starts the real `agentc serve ... --port 0` and waits for the base URL on stdout; killed when the test file's process exits. */
export function startServe(args: string[], env: NodeJS.ProcessEnv = {}, port = 0): Promise<ServeProcess> {
  const child = spawn(process.execPath, [binPath, "serve", ...args, "--port", String(port)], {
    env: { ...process.env, NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  running.add(child);
  child.once("exit", () => running.delete(child));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf("\n");
      if (newline === -1) return;
      resolve({
        url: out.slice(0, newline),
        child,
        stderr: () => err,
        stop: (signal = "SIGTERM") => {
          child.kill(signal);
          return exited;
        },
      });
    });
    exited.then((code) =>
      reject(new Error(`agentc serve exited with ${code} before printing a URL:\n${err}`)),
    );
  });
}

/** Runs `agentc serve` expecting it to fail at start; resolves with its exit code and stderr. */
export async function failedServe(args: string[]): Promise<{ code: number | null; stderr: string }> {
  try {
    const running = await startServe(args);
    await running.stop("SIGKILL");
    return { code: 0, stderr: "it started" };
  } catch (error) {
    const text = (error as Error).message;
    const code = Number(/exited with (\d+)/.exec(text)?.[1] ?? -1);
    return { code, stderr: text };
  }
}

/** A port that was free a moment ago, for a server that must come back at the same address. */
export async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server this process runs: its base URL, and stop(). */
export interface InProcessServe {
  url: string;
  stop(): Promise<void>;
}

/**
 * What `agentc serve PATH` runs, in this process, at `port` (0: any free one): for tests whose subject is not
 * serve itself (serve's own tests start the real command). Only what does not block this process may talk to
 * it: the CLI in-process, or a child process waited for asynchronously.
 */
export async function serveInProcess(path: string, port = 0): Promise<InProcessServe> {
  const running = await startServeHere({
    path,
    host: "127.0.0.1",
    port,
    installScript: installScriptFor,
    warn: () => {},
  });
  return {
    url: running.url,
    async stop() {
      await running.close();
      await clientsSeeClose();
    },
  };
}

/**
 * Two turns of the event loop, so that a poll phase runs between them: this process's fetch clients then read
 * the end of the connections a stopped server dropped, and never send a request on one of them to the next
 * server at the same address.
 */
async function clientsSeeClose(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}
