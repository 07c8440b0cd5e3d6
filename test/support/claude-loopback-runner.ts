import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Runs one real Claude Code session against a stand-in for the Messages API on loopback, so the CLI's
 * own hook handling can be watched without a model: the first request of the main conversation is
 * answered with one tool call, every later one (and every side request) with the text "done".
 * Started by claude-loopback.ts, inside a network namespace of its own when the machine allows it.
 * Argument: the JSON of a SessionPlan; stdout: the JSON of a SessionRecord.
 */
export interface SessionPlan {
  program: string[];
  cwd: string;
  env: Record<string, string>;
  tool: { name: string; input: Record<string, unknown> };
  timeoutMs: number;
}

export interface SessionRecord {
  /** The tool names of the session's init message. */
  tools: string[];
  /** The tool_result blocks the CLI sent back, as the API received them. */
  toolResults: { content: unknown; is_error?: boolean }[];
  status: number | null;
  stdout: string;
  stderr: string;
}

type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: unknown };

function stream(res: ServerResponse, blocks: Block[], stopReason: string): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  const send = (type: string, data: Record<string, unknown>) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  const usage = { input_tokens: 1, output_tokens: 1 };
  const message = { id: "msg_loopback", type: "message", role: "assistant", model: "claude-sonnet-4-5" };
  send("message_start", { message: { ...message, content: [], stop_reason: null, usage } });
  blocks.forEach((block, index) => {
    if (block.type === "tool_use") {
      send("content_block_start", { index, content_block: { ...block, input: {} } });
      const delta = { type: "input_json_delta", partial_json: JSON.stringify(block.input) };
      send("content_block_delta", { index, delta });
    } else {
      send("content_block_start", { index, content_block: { type: "text", text: "" } });
      send("content_block_delta", { index, delta: { type: "text_delta", text: block.text } });
    }
    send("content_block_stop", { index });
  });
  send("message_delta", { delta: { stop_reason: stopReason, stop_sequence: null }, usage });
  send("message_stop", {});
  res.end();
}

function answer(plan: SessionPlan, record: SessionRecord, body: string, res: ServerResponse): void {
  const request = JSON.parse(body || "{}") as {
    tools?: { name: string }[];
    messages?: { content: unknown }[];
  };
  const main = (request.tools ?? []).some((tool) => tool.name === plan.tool.name);
  const last = request.messages?.at(-1)?.content;
  const results = Array.isArray(last) ? last.filter((block) => block?.type === "tool_result") : [];
  record.toolResults.push(...results);
  if (main && results.length === 0)
    stream(res, [{ type: "tool_use", id: "toolu_loopback", ...plan.tool }], "tool_use");
  else stream(res, [{ type: "text", text: "done" }], "end_turn");
}

function serve(plan: SessionPlan, record: SessionRecord) {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      if (req.url?.startsWith("/v1/messages") && !req.url.includes("count_tokens"))
        return answer(plan, record, body, res);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ input_tokens: 1 }));
    });
  });
}

function initTools(stdout: string): string[] {
  for (const line of stdout.split("\n")) {
    if (!line.includes('"subtype":"init"')) continue;
    const message = JSON.parse(line) as { tools?: string[] };
    return message.tools ?? [];
  }
  return [];
}

async function main(): Promise<void> {
  const plan = JSON.parse(process.argv[2] ?? "{}") as SessionPlan;
  const record: SessionRecord = { tools: [], toolResults: [], status: null, stdout: "", stderr: "" };
  const server = serve(plan, record);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const [file = "", ...args] = plan.program;
  const child = spawn(file, [...args, "-p", "go", "--output-format", "stream-json", "--verbose"], {
    cwd: plan.cwd,
    env: {
      ...plan.env,
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
      ANTHROPIC_API_KEY: "sk-ant-loopback",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => {
    record.stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    record.stderr += chunk.toString("utf8");
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), plan.timeoutMs);
  record.status = await new Promise((resolve) => child.on("close", resolve));
  clearTimeout(timer);
  server.close();
  record.tools = initTools(record.stdout);
  process.stdout.write(JSON.stringify(record));
}

if (process.argv[1]?.endsWith("claude-loopback-runner.js") && process.argv[2] !== undefined) await main();
