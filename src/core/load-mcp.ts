import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import type { JsonDocument, JsonPath } from "../documents/json-document.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { placeholderFindings } from "./checks/mcp-placeholders-well-formed.js";
import { serverNameFinding } from "./checks/mcp-server-name-well-formed.js";
import { loadCoreJson } from "./core-json.js";
import type { McpServer } from "./model.js";

export const mcpFile = "core/mcp.json";

/** A server as written; the schema has already checked which keys its transport takes. */
export interface WrittenServer {
  transport: "stdio" | "http" | "sse";
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  tools?: string[];
  clients?: string[];
  name?: string;
  timeout?: number;
  description?: string;
}

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
        checkServerName(name, document.positionOf(["servers", name], "key"), diagnostics) +
        (server.name === undefined
          ? 0
          : checkServerName(server.name, document.positionOf(["servers", name, "name"]), diagnostics)) +
        checkPlaceholders(name, server, document, diagnostics);
      return faults > 0 ? [] : [toServer(name, server, document.positionOf(["servers", name], "key"))];
    });
}

function checkServerName(name: string, at: Position, diagnostics: Diagnostic[]): number {
  const finding = serverNameFinding(name, at);
  if (finding) diagnostics.push(finding);
  return finding?.severity === "error" ? 1 : 0;
}

function checkPlaceholders(
  name: string,
  server: WrittenServer,
  document: JsonDocument,
  diagnostics: Diagnostic[],
): number {
  const before = diagnostics.length;
  for (const [path, value] of stringsOf(server)) {
    if (!value.includes("${")) continue;
    diagnostics.push(...placeholderFindings(value, document.positionOf(["servers", name, ...path])));
  }
  return diagnostics.length - before;
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
    ...(server.name !== undefined && server.name !== name ? { nativeName: server.name } : {}),
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
