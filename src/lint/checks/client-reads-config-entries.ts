import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";

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

/** An MCP file whose servers sit under `other`, another client's key, where `client` reads `key`. */
export function otherServersKeyFinding(
  mcp: { client: string; file: string; key: readonly string[]; other: string },
  position: Position,
): Diagnostic {
  const { client, file, other } = mcp;
  const key = mcp.key.join(".");
  return diagnostic(clientReadsConfigEntries, {
    position,
    message: `${client} reads MCP servers from "${key}" in ${file}, not "${other}": it starts none of the servers listed here`,
    hint: `Rename "${other}" to "${key}" (the entries may need the shape ${client} documents).`,
  });
}

/**
 * One MCP server entry `client` cannot start: neither a command nor a URL, or a transport outside the ones it
 * speaks (`transports`, none listed: any). `positionOf(field)` places it on the entry or on its type field.
 */
export function serverStartFinding(
  server: { name: string; entry: Record<string, unknown>; file: string },
  client: { name: string; transports: readonly string[] },
  positionOf: (field?: "type" | "transport") => Position,
): Diagnostic | undefined {
  const { name, entry, file } = server;
  const type =
    typeof entry.type === "string"
      ? entry.type
      : typeof entry.transport === "string"
        ? entry.transport
        : undefined;
  if (entry.command === undefined && entry.url === undefined && entry.httpUrl === undefined)
    return diagnostic(clientReadsConfigEntries, {
      position: positionOf(),
      message: `MCP server "${name}" in ${file} has neither a command nor a url: ${client.name} cannot start it`,
    });
  if (type === undefined || client.transports.length === 0 || client.transports.includes(type))
    return undefined;
  return diagnostic(clientReadsConfigEntries, {
    position: positionOf(entry.type !== undefined ? "type" : "transport"),
    message: `MCP server "${name}" in ${file} uses transport "${type}", which ${client.name} does not speak (it speaks ${client.transports.join(", ")})`,
  });
}

/** A hooks file without a top-level field `client` requires with a fixed value. */
export function missingHooksFieldFinding(
  file: string,
  field: { key: string; value: unknown },
  client: string,
): Diagnostic {
  const { key, value } = field;
  return diagnostic(clientReadsConfigEntries, {
    position: { file, line: 1, column: 1 },
    message: `${file} has no "${key}": ${client} requires ${JSON.stringify(key)}: ${JSON.stringify(value)} in its hooks file`,
    hint: `Add "${key}": ${JSON.stringify(value)} at the top of the file (agentc lint --fix does this).`,
  });
}

/** A hook command that runs `script`, a project file that is not there. */
export function missingHookScriptFinding(script: string, client: string, position: Position): Diagnostic {
  return diagnostic(clientReadsConfigEntries, {
    position,
    message: `hook command runs ${script}, which is not in the project: ${client} reports the hook failed each time it fires`,
    hint: "Add the script at that path, or correct the path in the hook's command.",
  });
}
