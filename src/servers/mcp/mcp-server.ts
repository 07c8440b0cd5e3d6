import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import { packageVersion } from "../../shared/package-version.js";
import { type McpTool, ToolInputError } from "./tool.js";
import { mcpTools } from "./tools/index.js";

/**
 * `agentc mcp`: an MCP server whose tools run agentc's own modules (docs/mcp.md). A call with bad input
 * (arguments its schema refuses, no such folder, not a registry) is answered as a tool error saying what to
 * fix; the server keeps running.
 */
export function createMcpServer(tools: readonly McpTool[] = mcpTools): Server {
  const server = new Server({ name: "agentc", version: packageVersion() }, { capabilities: { tools: {} } });
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.inputSchema)]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: {
        readOnlyHint: !tool.writes,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = tools.find((t) => t.name === request.params.name);
    if (!tool)
      return toolError(`no tool "${request.params.name}"; the tools: ${tools.map((t) => t.name).join(", ")}`);
    const input = request.params.arguments ?? {};
    const validate = validators.get(tool.name);
    if (validate && !validate(input)) {
      const names = Object.keys((tool.inputSchema.properties as object | undefined) ?? {}).join(", ");
      return toolError(
        `${tool.name}: bad arguments: ${argumentProblems(validate.errors).join("; ")} (it takes: ${names})`,
      );
    }
    try {
      const result = await tool.run(input);
      return {
        content: [{ type: "text", text: JSON.stringify(result, null, 2) }],
        structuredContent: result,
      };
    } catch (error) {
      if (error instanceof ToolInputError) return toolError(`${tool.name}: ${error.message}`);
      return toolError(
        `${tool.name}: internal error: ${(error as Error)?.message ?? String(error)} (a bug in agentc)`,
      );
    }
  });
  return server;
}

/** What the input schema refused, naming an unknown argument by its name. */
function argumentProblems(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) =>
    e.keyword === "additionalProperties"
      ? `unknown argument "${String(e.params.additionalProperty)}"`
      : `${e.instancePath.slice(1) || "arguments"} ${e.message ?? ""}`,
  );
}

function toolError(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/** Serves the tools on stdin and stdout until the client closes them. */
export async function runMcpServer(): Promise<void> {
  const server = createMcpServer();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  // The transport does not end when the client closes stdin; the server does.
  process.stdin.once("end", () => void server.close());
  await closed;
}
