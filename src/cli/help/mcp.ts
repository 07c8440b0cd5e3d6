import type { CommandHelp } from "./command-help.js";

export const mcpHelp: CommandHelp = {
  arguments: [],
  options: {},
  exitCodes: {
    0: "the assistant closed the connection",
    2: "the MCP SDK is not installed (npm install -D @modelcontextprotocol/sdk); or a usage error",
  },
  examples: [
    {
      command: "agentc mcp",
      text: "started by the assistant in the project (docs/mcp.md: how to register it with each assistant)",
    },
    {
      command: "agentc mcp < /dev/null",
      text: "a smoke test: starts and ends at once with exit 0 (2 and a hint when the MCP SDK is missing)",
    },
  ],
};
