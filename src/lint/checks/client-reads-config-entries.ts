import type { InlineCheck } from "../../diagnostics/check-meta.js";

export const clientReadsConfigEntries: InlineCheck = {
  id: "AGC207",
  slug: "client-reads-config-entries",
  stage: "lint",
  severity: "error",
  title: "Every MCP server and hook in a client's files is one the client can run",
  description:
    'A client\'s MCP file (.mcp.json, .cursor/mcp.json, .codex/config.toml ...) and hooks file are read by that client alone, in its own format (its pack\'s mcp and hooks). An MCP server with neither a command nor a url, or with a transport the client does not speak, is never started, nor are servers listed under another client\'s key ("servers" where the client reads "mcpServers"); a hooks file without a field the client requires (Cursor\'s "version": 1) is not read; a hook command that runs a script of the project that is not there fails every time it fires.',
  hint: "Give the server a command (stdio) or a url with a transport the client speaks; add the field the hooks file requires (agentc lint --fix adds a fixed one); correct the script's path.",
  examples: {
    passing: {
      ".mcp.json":
        '{\n  "mcpServers": {\n    "docs": { "type": "http", "url": "https://docs.example.com/mcp" }\n  }\n}\n',
    },
    failing: {
      ".mcp.json":
        '{\n  "mcpServers": {\n    "docs": { "type": "websocket", "url": "wss://docs.example.com/mcp" }\n  }\n}\n',
    },
    expected: [
      '.mcp.json:3:23: error AGC207 MCP server "docs" in .mcp.json uses transport "websocket", which Claude Code does not speak (it speaks stdio, http, sse)',
    ],
  },
};
