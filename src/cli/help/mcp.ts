import type { CommandHelp } from "./command-help.js";

export const mcpHelp: CommandHelp = {
  arguments: [],
  options: {},
  exitCodes: {
    0: "the assistant closed the connection",
    2: "a usage error",
  },
  examples: [
    {
      command: "agentc mcp",
      text: "started by the assistant in the project (docs/mcp.md: how to register it with each assistant)",
    },
    {
      command: "npx agentc mcp",
      text: "the same from a project that has agentc among its dev dependencies",
    },
  ],
};
