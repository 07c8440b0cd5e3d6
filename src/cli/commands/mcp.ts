import { runMcpServer } from "../../servers/mcp/mcp-server.js";
import { type Command, exitCodes } from "../command.js";
import { mcpHelp } from "../help/mcp.js";

export const mcpCommand: Command = {
  name: "mcp",
  summary: "an MCP server on stdio: lets an assistant run lint, loads, matrix, check and build",
  usage: "agentc mcp",
  options: {},
  maxPositionals: 0,
  formats: ["pretty"],
  help: mcpHelp,
  async run() {
    await runMcpServer();
    return exitCodes.ok;
  },
};
