import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

/**
 * A stdio MCP server that notes how a client started it: its arguments and the value of $TOKEN, one JSON
 * line appended to the file its first argument names, then the protocol's handshake and an empty tool list.
 * Run by a client CLI as a configured server (mcp-probe.ts), which may pass it none of the environment but
 * the config's own; imported, it does nothing.
 */
interface Message {
  id?: number | string;
  method?: string;
  params?: { protocolVersion?: string };
}

const answer = (id: Message["id"], result: unknown) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);

function reply(message: Message): void {
  if (message.id === undefined) return;
  if (message.method === "initialize") {
    answer(message.id, {
      protocolVersion: message.params?.protocolVersion ?? "2025-06-18",
      capabilities: { tools: {} },
      serverInfo: { name: "probe", version: "1" },
    });
  } else answer(message.id, message.method === "tools/list" ? { tools: [] } : {});
}

const [script, log, ...args] = process.argv.slice(1);
if (log !== undefined && script !== undefined && import.meta.url === pathToFileURL(script).href) {
  appendFileSync(log, `${JSON.stringify({ args, token: process.env.TOKEN ?? null })}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() !== "") reply(JSON.parse(line) as Message);
  }
}
