import { createServer } from "node:http";
import { runInGroup } from "../group-process.js";

/**
 * Runs a client CLI while a streamable-HTTP MCP server on 127.0.0.1:<port> notes the Authorization header
 * of each request it gets, so a test can see what the client made of a configured header. Started by
 * mcp-probe.ts, inside a network namespace of its own when the machine allows it. Argument: the JSON of a
 * ProbePlan; stdout: the JSON of a ProbeRecord.
 */
export interface ProbePlan {
  port: number;
  program: string[];
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
}

export interface ProbeRecord {
  status: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** The Authorization header of each POST the HTTP server got (null where there was none). */
  authorizations: (string | null)[];
}

async function probe(plan: ProbePlan): Promise<ProbeRecord> {
  const authorizations: (string | null)[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      if (req.method !== "POST") {
        res.writeHead(405).end();
        return;
      }
      authorizations.push(req.headers.authorization ?? null);
      const message = JSON.parse(body) as {
        id?: number | string;
        method?: string;
        params?: { protocolVersion?: string };
      };
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const result =
        message.method === "initialize"
          ? {
              protocolVersion: message.params?.protocolVersion ?? "2025-06-18",
              capabilities: { tools: {} },
              serverInfo: { name: "probe", version: "1" },
            }
          : message.method === "tools/list"
            ? { tools: [] }
            : {};
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(plan.port, "127.0.0.1", resolve));
  const [file = "", ...args] = [...plan.program, ...plan.args];
  const run = await runInGroup(file, args, { cwd: plan.cwd, env: plan.env, timeoutMs: plan.timeoutMs }).catch(
    (error: Error) => ({ status: null, timedOut: false, stdout: "", stderr: error.message }),
  );
  server.close();
  server.closeAllConnections();
  return { ...run, authorizations };
}

const planText = process.argv[2];
if (planText !== undefined && process.env.MCP_PROBE_RUNNER === "1") {
  process.stdout.write(JSON.stringify(await probe(JSON.parse(planText) as ProbePlan)));
}
