import type { Position } from "../diagnostics/diagnostic.js";
import { portableServerFinding } from "./checks/plugin-mcp-portable.js";
import type { ChosenHost } from "./chosen-hosts.js";
import { mapStrings, stringsOf } from "./composed-value.js";
import type { PluginKey, Report } from "./report.js";

/** MCP servers by name, as a host's file holds them. */
export type Servers = Record<string, Record<string, unknown>>;

const reference = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g;

/**
 * The package's native servers in a portable host's form: an explicit `type` from its transport map, only
 * the fields that type allows, the other hosts' root and data variables replaced by its own, a package
 * program as a `./` path. What the format cannot carry is reported at the server's source.
 */
export function portableServers(
  native: Servers,
  host: ChosenHost,
  packageHosts: ChosenHost[],
  sourceOf: (name: string) => Position | PluginKey,
  report: Report,
): Servers {
  const out: Servers = {};
  for (const [name, server] of Object.entries(native)) {
    // A warning is the portable format's limit (a loss of that host); an error is a server it cannot carry.
    const warn = (message: string, severity: "warning" | "error" = "warning") =>
      report(
        sourceOf(name),
        portableServerFinding({ id: host.host, name: host.name }, name, message, severity),
      );
    const written = portableServer(server, host, packageHosts, warn);
    if (written) out[name] = written;
  }
  return out;
}

type Warn = (message: string, severity?: "warning" | "error") => void;

function portableServer(
  server: Record<string, unknown>,
  host: ChosenHost,
  packageHosts: ChosenHost[],
  warn: Warn,
): Record<string, unknown> | undefined {
  const mcp = host.mcp ?? { key: [] };
  const transport = typeof server.type === "string" ? server.type : server.command ? "stdio" : "http";
  const type = mcp.transports?.[transport];
  if (!type) {
    warn(
      `uses transport "${transport}", which the format has no type for: it is left out of ${mcp.file ?? "the package"}`,
    );
    return undefined;
  }
  const allowed = mcp.fields?.[type] ?? [];
  const dropped = Object.keys(server).filter((k) => !allowed.includes(k));
  if (dropped.length > 0)
    warn(`has ${dropped.join(", ")}, which a ${type} server of the format cannot carry: left out`);
  const kept = Object.fromEntries(
    Object.entries(server).filter(([k]) => allowed.includes(k) && k !== "type"),
  );
  const renamed = mapStrings(kept, (text) => ownVariables(text, host, packageHosts)) as Record<
    string,
    unknown
  >;
  if (typeof renamed.command === "string" && mcp.command_token)
    renamed.command = commandToken(renamed.command, host, warn);
  for (const env of Object.keys((renamed.env as Record<string, unknown> | undefined) ?? {})) {
    if (mcp.reserved_env?.includes(env))
      warn(`sets ${env}, which the format reserves for the client`, "error");
  }
  for (const { text } of stringsOf(renamed)) {
    for (const match of text.matchAll(reference)) {
      if (!mcp.expands_only?.includes(match[1] ?? "")) {
        warn(`names ${match[0]}, which the format does not expand: the server gets that text as it is`);
      }
    }
  }
  return { type, ...renamed };
}

function ownVariables(text: string, host: ChosenHost, packageHosts: ChosenHost[]): string {
  let out = text;
  for (const other of packageHosts) {
    if (other === host) continue;
    out = out.split(other.variables.root).join(host.variables.root);
    if (other.variables.data && host.variables.data)
      out = out.split(other.variables.data).join(host.variables.data);
  }
  return out;
}

function commandToken(command: string, host: ChosenHost, warn: Warn): string {
  const token = command.startsWith(`${host.variables.root}/`)
    ? `./${command.slice(host.variables.root.length + 1)}`
    : command;
  if (/\s/.test(token) || token.includes("${") || token.startsWith("/")) {
    warn(
      `has command "${command}": the format needs one token, a program name or a ./ path in the package, never expanded`,
    );
  }
  return token;
}
