import { writtenServerName } from "../core/model.js";
import type { Position } from "../diagnostics/diagnostic.js";
import type { EmittedTree } from "../emit/emitted-tree.js";
import { packPath } from "../packs/shared/placeholders.js";
import type { Registry } from "../registry/model.js";
import type { PluginConfig } from "../registry/plugin-config.js";
import { noServersObjectFinding } from "./checks/plugin-inputs-exist.js";
import type { ChosenHost } from "./chosen-hosts.js";
import { composedValue, nestedAt, valueAt } from "./composed-value.js";
import type { PackageFile } from "./package-parts.js";
import { portableServers, type Servers } from "./portable-servers.js";
import type { PluginKey, Report } from "./report.js";
import { emittedSeed, seedJson } from "./seed-files.js";
import { jsonBytes } from "./template.js";

export interface McpOutcome {
  files: PackageFile[];
  /** Servers for the manifest's mcp_key (hosts that keep no MCP file). */
  inManifest?: Servers;
  /** The servers in the host's own format, undefined when it has none. */
  servers?: Servers;
}

/**
 * The host's MCP servers: mcp_seed's (seed hosts) and the client pack's, or, for a host that rewrites them,
 * the package's native servers in its own format. Written to each of the host's MCP files or the manifest.
 */
export function packageMcp(
  host: ChosenHost,
  native: Servers | undefined,
  packageHosts: ChosenHost[],
  registry: Registry,
  tree: EmittedTree,
  config: PluginConfig,
  report: Report,
): McpOutcome {
  const mcp = host.mcp;
  if (!mcp) return { files: [] };
  const servers = mcp.transports
    ? native &&
      portableServers(native, host, packageHosts, (name) => serverSource(name, registry, config), report)
    : ownServers(host, registry, tree, config, report);
  if (servers === undefined) return { files: [] };
  if (host.manifest?.mcp_key && !mcp.file) return { files: [], inManifest: servers, servers };
  const schema = host.portable ? { $schema: host.portable.mcp_schema } : {};
  const bytes = jsonBytes({ ...schema, ...nestedAt(mcp.key, servers) });
  return { files: host.mcpFiles.map((path) => ({ path, bytes, executable: false })), servers };
}

function ownServers(
  host: ChosenHost,
  registry: Registry,
  tree: EmittedTree,
  config: PluginConfig,
  report: Report,
): Servers | undefined {
  const seed = host.seed_layout ? seedServers(host, tree, config, report) : undefined;
  const pack = registry.clients.find((c) => c.pack.client === host.client)?.pack;
  const packed =
    pack?.mcp && host.client
      ? (composedValue(tree, host.client, packPath(pack.mcp.file, pack.runtime_placeholders), pack.mcp.key) as
          | Servers
          | undefined)
      : undefined;
  if (seed === undefined && packed === undefined) return undefined;
  return { ...(seed ?? {}), ...(packed ?? {}) };
}

function seedServers(
  host: ChosenHost,
  tree: EmittedTree,
  config: PluginConfig,
  report: Report,
): Servers | undefined {
  if (!config.mcp_seed || !host.mcp) return undefined;
  const seed = emittedSeed(tree, "mcp_seed", config.mcp_seed, report);
  const parsed = seed && seedJson(seed, "mcp_seed", config.mcp_seed, report);
  if (!parsed) return undefined;
  const servers = valueAt(parsed, host.mcp.key);
  if (servers !== undefined && (servers === null || typeof servers !== "object" || Array.isArray(servers))) {
    report(["mcp_seed"], noServersObjectFinding(config.mcp_seed, host.mcp.key));
    return undefined;
  }
  return (servers ?? {}) as Servers;
}

/** The core server of that name, else the plugin's mcp_seed. */
function serverSource(name: string, registry: Registry, config: PluginConfig): Position | PluginKey {
  const server = registry.core.mcpServers.find((s) => writtenServerName(s) === name);
  if (server) return server.position;
  return config.mcp_seed ? ["mcp_seed"] : ["name"];
}
