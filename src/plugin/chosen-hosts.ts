import type { PluginConfig, PluginLayout } from "../registry/plugin-config.js";
import type { PluginHost, PortableVersion } from "../registry/plugin-host.js";
import {
  requiredHostFinding,
  unknownHostFinding,
  unknownPortableSchemaFinding,
  unreadPortableSchemaFinding,
} from "./checks/plugin-host-known.js";
import type { Report } from "./report.js";

/** A host as this registry uses it: the seed layout's fields applied. */
export interface ChosenHost extends PluginHost {
  /** Package paths that get the MCP servers in this host's own format. */
  mcpFiles: string[];
  /** The Agent Plugins version written (portable hosts). */
  portable?: PortableVersion;
}

/** The hosts plugin.hosts names (default: the seed layout's), each with the seed layout applied. */
export function chosenHosts(config: PluginConfig, all: PluginHost[], report: Report): ChosenHost[] {
  const byId = new Map(all.map((h) => [h.host, h]));
  const ids = config.hosts ?? defaultHosts(config.layout, all);
  const hosts: PluginHost[] = [];
  ids.forEach((id, i) => {
    const host = byId.get(id);
    if (host) hosts.push(host);
    else report(["hosts", i], unknownHostFinding(id, [...byId.keys()]));
  });
  for (const host of hosts) {
    for (const needed of host.requires_hosts ?? []) {
      if (ids.includes(needed)) continue;
      report(config.hosts ? ["hosts"] : ["name"], requiredHostFinding(host.host, needed));
    }
  }
  const chosen = hosts.map((host) => withSeedLayout(host, hosts, config.layout, report));
  checkPortableReaders(chosen, config, report);
  return chosen;
}

/** A host that loads only some Agent Plugins versions needs the package's portable manifest in one of them. */
function checkPortableReaders(hosts: ChosenHost[], config: PluginConfig, report: Report): void {
  for (const reader of hosts) {
    const reads = reader.reads_portable_schemas;
    const written = hosts.find((h) => h.package === reader.package && h.portable)?.portable?.schema;
    if (!reads || !written || reads.includes(written)) continue;
    report(
      config.layout?.portable_schema ? ["layout", "portable_schema"] : ["hosts"],
      unreadPortableSchemaFinding(reader.host, reads, written),
    );
  }
}

function defaultHosts(layout: PluginLayout | undefined, all: PluginHost[]): string[] {
  const portable = !layout || layout.portable_manifest !== undefined;
  return all
    .filter((h) => h.seed_layout === "native" || (h.seed_layout === "portable" && portable))
    .map((h) => h.host);
}

function withSeedLayout(
  host: PluginHost,
  hosts: PluginHost[],
  layout: PluginLayout = {},
  report: Report,
): ChosenHost {
  const own = host.mcp?.file ? [host.mcp.file] : [];
  if (!host.seed_layout) return { ...host, mcpFiles: own };
  const listed = layout.mcp_files;
  const manifestPath = host.seed_layout === "native" ? layout.native_manifest : layout.portable_manifest;
  const chosen: ChosenHost = {
    ...host,
    ...(host.manifest ? { manifest: { ...host.manifest, path: manifestPath ?? host.manifest.path } } : {}),
    ...(layout.skills_dir ? { skills_dir: layout.skills_dir } : {}),
    ...(host.hooks && layout.hooks_file ? { hooks: { ...host.hooks, file: layout.hooks_file } } : {}),
    mcpFiles: listed ? mcpFilesOf(host, hosts, listed) : own,
  };
  if (host.portable_versions) chosen.portable = portableVersion(host, layout, report);
  return chosen;
}

/** The seed's mcp_files: a name another seed host claims is written in that host's format, the rest natively. */
function mcpFilesOf(host: PluginHost, hosts: PluginHost[], listed: string[]): string[] {
  const claimed = (name: string) =>
    hosts.find((h) => h.seed_layout && h.package === host.package && h.mcp?.file === name);
  if (host.seed_layout === "native") return listed.filter((name) => (claimed(name) ?? host) === host);
  return listed.filter((name) => claimed(name) === host);
}

function portableVersion(
  host: PluginHost,
  layout: PluginLayout,
  report: Report,
): PortableVersion | undefined {
  const versions = host.portable_versions ?? [];
  if (!layout.portable_schema) return versions[0];
  const found = versions.find((v) => v.schema === layout.portable_schema);
  if (!found) {
    report(
      ["layout", "portable_schema"],
      unknownPortableSchemaFinding(
        layout.portable_schema,
        host.host,
        versions.map((v) => v.schema),
      ),
    );
  }
  return found;
}
