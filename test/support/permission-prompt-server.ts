import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

/**
 * A stand-in for the person at Claude Code's permission prompt: a stdio MCP server with one tool,
 * `approve`, for `claude -p --permission-prompt-tool mcp__approver__approve`. Each request it is
 * asked is appended to $APPROVER_LOG as one JSON line; it answers $APPROVER_ANSWER (allow or deny).
 */
interface Request {
  id?: number | string;
  method: string;
  params?: { protocolVersion?: string; name?: string; arguments?: { tool_name?: string; input?: unknown } };
}

const send = (id: Request["id"], result: unknown) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);

const tool = {
  name: "approve",
  description: "Answers a permission request as the person would.",
  inputSchema: {
    type: "object",
    properties: { tool_name: { type: "string" }, input: { type: "object" }, tool_use_id: { type: "string" } },
    required: ["tool_name", "input"],
  },
};

function answer(request: Request): void {
  if (request.method === "initialize") {
    const protocolVersion = request.params?.protocolVersion ?? "2025-06-18";
    send(request.id, {
      protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: "approver", version: "1" },
    });
  } else if (request.method === "tools/list") send(request.id, { tools: [tool] });
  else if (request.method === "tools/call") {
    const asked = request.params?.arguments ?? {};
    appendFileSync(process.env.APPROVER_LOG ?? "/dev/null", `${JSON.stringify(asked)}\n`);
    const decision =
      process.env.APPROVER_ANSWER === "allow"
        ? { behavior: "allow", updatedInput: asked.input }
        : { behavior: "deny", message: "the person said no" };
    send(request.id, { content: [{ type: "text", text: JSON.stringify(decision) }] });
  } else if (request.id !== undefined) send(request.id, {});
}

// Only as the session's MCP server (which sets APPROVER_ANSWER); imported or run by the test runner it does nothing.
if (process.env.APPROVER_ANSWER !== undefined) {
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() !== "") answer(JSON.parse(line) as Request);
  }
}
