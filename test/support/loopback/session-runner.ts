import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createSecureServer, type Server } from "node:https";
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from "node:net";
import { dirname } from "node:path";
import { runInGroup } from "../group-process.js";
import { type ApiKind, modelApis, type RecordedRequest, type ToolCall } from "./model-apis.js";

/**
 * Runs a client CLI against a stand-in model API on loopback, so what the CLI sends the model — the
 * instructions, skills and tools it loaded — can be read without a model. Started by client-session.ts,
 * inside a network namespace of its own when the machine allows it. Argument: the JSON of a SessionPlan;
 * stdout: the JSON of a SessionRecord. "{base}" in step arguments, environment values and files is the
 * stand-in's URL (http://127.0.0.1:<port>).
 */
export interface SessionStep {
  program: string[];
  args: string[];
  env?: Record<string, string>;
}

export interface SessionPlan {
  api: ApiKind;
  cwd: string;
  env: Record<string, string>;
  /** Written before the steps (a client's own config naming the stand-in). */
  files?: Record<string, string>;
  /** Run in order; the last one's output is the record's. */
  steps: SessionStep[];
  tool?: ToolCall;
  timeoutMs: number;
  /** A TLS key and certificate for the fixture's remote MCP hosts, which /etc/hosts points at loopback. */
  remote?: { key: string; cert: string };
  /** The loopback port the sandbox's proxy variables name, answered inside the namespace. */
  proxyPort?: number;
}

export interface SessionRecord {
  requests: RecordedRequest[];
  status: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

function run(step: SessionStep, plan: SessionPlan, base: string): Promise<Omit<SessionRecord, "requests">> {
  const fill = (text: string) => text.replaceAll("{base}", base);
  const [file = "", ...args] = [...step.program, ...step.args.map(fill)];
  const env = Object.fromEntries(Object.entries({ ...plan.env, ...step.env }).map(([k, v]) => [k, fill(v)]));
  return runInGroup(file, args, { cwd: plan.cwd, env, timeoutMs: plan.timeoutMs }).catch((error: Error) => ({
    status: null,
    timedOut: false,
    stdout: "",
    stderr: error.message,
  }));
}

/** The fixture's remote MCP servers on loopback's HTTPS port: each request gets a 404, which no client retries. */
async function remoteServers(tls: { key: string; cert: string }): Promise<Server | undefined> {
  const options = { key: readFileSync(tls.key), cert: readFileSync(tls.cert) };
  const server = createSecureServer(options, (_req, res) => {
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("no MCP server here\n");
  });
  return new Promise((resolve) => {
    server.once("error", () => resolve(undefined));
    server.listen(443, "127.0.0.1", () => resolve(server));
  });
}

/**
 * The sandbox's proxy, refusing every request with a 403 at once. A refused connection to the proxy a CLI
 * retries with back-off (Cline: five tries over 7 s at start and at exit, measured with 3.0.65); a proxy's
 * answer it takes as final.
 */
async function refusingProxy(port: number): Promise<NetServer | undefined> {
  const server = createNetServer((socket) => {
    socket.on("error", () => undefined);
    socket.once("data", () => socket.end("HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n"));
  });
  return new Promise((resolve) => {
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

async function main(): Promise<void> {
  const plan = JSON.parse(process.argv[2] ?? "{}") as SessionPlan;
  const requests: RecordedRequest[] = [];
  const answer = modelApis[plan.api];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      requests.push({ url: req.url ?? "", body });
      answer(req, body, res, plan.tool);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const remote = plan.remote ? await remoteServers(plan.remote) : undefined;
  const proxy = plan.proxyPort ? await refusingProxy(plan.proxyPort) : undefined;
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const [path, text] of Object.entries(plan.files ?? {})) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text.replaceAll("{base}", base));
  }
  let last: Omit<SessionRecord, "requests"> = { status: null, timedOut: false, stdout: "", stderr: "" };
  for (const step of plan.steps) last = await run(step, plan, base);
  server.close();
  remote?.close();
  proxy?.close();
  process.stdout.write(JSON.stringify({ requests, ...last }));
}

if (process.argv[1]?.endsWith("session-runner.js") && process.argv[2] !== undefined) await main();
