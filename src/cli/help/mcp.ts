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
      text: "started by the assistant (docs/mcp.md shows Claude Code, Codex, Gemini CLI and Cursor)",
    },
    {
      command: "claude mcp add agentc -- npx agentc mcp",
      text: "register it with Claude Code for this project",
    },
  ],
};
