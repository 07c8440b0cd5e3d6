import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { JsonDocument, JsonPath } from "../documents/json-document.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { mcpPlaceholdersWellFormed } from "./checks/mcp-placeholders-well-formed.js";
import { mcpServerNameWellFormed } from "./checks/mcp-server-name-well-formed.js";
import { loadCoreJson } from "./core-json.js";
import { malformedPlaceholders } from "./mcp-placeholders.js";
import type { McpServer } from "./model.js";

export const mcpFile = "core/mcp.json";

/** A server as written; the schema has already checked which keys its transport takes. */
interface WrittenServer {
  transport: "stdio" | "http" | "sse";
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  tools?: string[];
  clients?: string[];
  timeout?: number;
  description?: string;
}

/** Characters every client accepts in a server name; '_' is accepted but ambiguous in some tool names. */
const serverName = /^[A-Za-z0-9_-]+$/;

/** core/mcp.json: MCP servers by name, stdio or remote, sorted by name. */
export function loadMcpServers(reader: RegistryReader, diagnostics: Diagnostic[]): McpServer[] {
  const document = loadCoreJson(reader, mcpFile, "core-mcp", diagnostics);
  if (!document) return [];
  const servers = (document.value as { servers: Record<string, WrittenServer> }).servers;
  return Object.keys(servers)
    .sort()
    .flatMap((name) => {
      const server = servers[name] as WrittenServer;
      const faults =
        checkServerName(name, document, diagnostics) + checkPlaceholders(name, server, document, diagnostics);
      return faults > 0 ? [] : [toServer(name, server, document.positionOf(["servers", name], "key"))];
    });
}

function checkServerName(name: string, document: JsonDocument, diagnostics: Diagnostic[]): number {
  const position = document.positionOf(["servers", name], "key");
  if (!serverName.test(name)) {
    const message = `MCP server name "${name}" holds characters other than letters, digits, '-' and '_'`;
    diagnostics.push(diagnostic(mcpServerNameWellFormed, { position, message }));
    return 1;
  }
  if (name.includes("_")) {
    const message = `MCP server name "${name}" holds '_', which makes some clients' tool names (mcp_<server>_<tool>) ambiguous`;
    diagnostics.push(diagnostic(mcpServerNameWellFormed, { position, message, severity: "warning" }));
  }
  return 0;
}

function checkPlaceholders(
  name: string,
  server: WrittenServer,
  document: JsonDocument,
  diagnostics: Diagnostic[],
): number {
  let faults = 0;
  for (const [path, value] of stringsOf(server)) {
    for (const bad of malformedPlaceholders(value)) {
      faults++;
      diagnostics.push(
        diagnostic(mcpPlaceholdersWellFormed, {
          position: document.positionOf(["servers", name, ...path]),
          message: `"${bad}" is not a placeholder of the form \${NAME} or \${NAME:-default}`,
        }),
      );
    }
  }
  return faults;
}

/** The values that may hold placeholders, with their paths inside the server. */
function stringsOf(server: WrittenServer): [JsonPath, string][] {
  const pairs: [JsonPath, string][] = [];
  const single = (key: string, value: unknown) => typeof value === "string" && pairs.push([[key], value]);
  single("command", server.command);
  single("cwd", server.cwd);
  single("url", server.url);
  for (const [index, arg] of (server.args ?? []).entries()) pairs.push([["args", index], arg]);
  for (const key of ["env", "headers"] as const) {
    for (const [entry, value] of Object.entries(server[key] ?? {})) pairs.push([[key, entry], value]);
  }
  return pairs;
}

function toServer(name: string, server: WrittenServer, position: McpServer["position"]): McpServer {
  const shared = {
    name,
    ...(server.clients ? { clients: server.clients } : {}),
    ...(server.tools ? { tools: server.tools } : {}),
    ...(server.timeout !== undefined ? { timeout: server.timeout } : {}),
    ...(server.description ? { description: server.description } : {}),
    position,
  };
  if (server.transport === "stdio") {
    const stdio = { transport: "stdio" as const, command: server.command ?? "", args: server.args ?? [] };
    return { ...stdio, env: server.env ?? {}, ...(server.cwd ? { cwd: server.cwd } : {}), ...shared };
  }
  return { transport: server.transport, url: server.url ?? "", headers: server.headers ?? {}, ...shared };
}
