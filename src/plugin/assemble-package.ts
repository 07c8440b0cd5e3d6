import type { EmittedTree } from "../emit/emitted-tree.js";
import { alwaysOnPath } from "../registry/install-files.js";
import type { Registry } from "../registry/model.js";
import type { PluginConfig } from "../registry/plugin-config.js";
import { overlappingFilesFinding } from "./checks/plugin-paths-inside.js";
import type { ChosenHost } from "./chosen-hosts.js";
import { composedValue } from "./composed-value.js";
import { packageHooks } from "./package-hooks.js";
import { packageMcp } from "./package-mcp.js";
import { copiedParts, type PackageFile } from "./package-parts.js";
import { packagePolicies } from "./package-policies.js";
import type { Servers } from "./portable-servers.js";
import type { Report } from "./report.js";
import { fillTemplate, jsonBytes } from "./template.js";

export interface BuildInput {
  registry: Registry;
  tree: EmittedTree;
  config: PluginConfig;
}

/** One package folder (an archive of the build) as its hosts lay it out. */
export interface AssembledPackage {
  archive: string;
  hosts: ChosenHost[];
  files: Map<string, PackageFile>;
  /** Package paths of the JSON files agentc wrote (manifests, hooks, MCP), which name other paths. */
  written: string[];
}

/** Pure: every host's parts of one package, the hosts that rewrite others' servers after those. */
export function assemblePackage(
  archive: string,
  hosts: ChosenHost[],
  input: BuildInput,
  version: string,
  report: Report,
): AssembledPackage {
  const ordered = [...hosts.filter((h) => !h.mcp?.transports), ...hosts.filter((h) => h.mcp?.transports)];
  const out: AssembledPackage = { archive, hosts: ordered, files: new Map(), written: [] };
  let native: Servers | undefined;
  for (const host of ordered) {
    const parts = copiedParts(host, input.registry, input.tree, input.config, report);
    for (const file of parts.files) add(out, file, report);
    const hooks = packageHooks(host, input.registry, input.tree, input.config, parts.moves, report);
    if (hooks) add(out, hooks, report, true);
    const mcp = packageMcp(host, native, ordered, input.registry, input.tree, input.config, report);
    if (!host.mcp?.transports) native ??= mcp.servers;
    for (const file of mcp.files) add(out, file, report, true);
    const policies = packagePolicies(host, input.registry);
    if (policies) add(out, policies, report);
    const context = contextFile(host, input);
    if (context) add(out, context, report);
    if (host.manifest) add(out, manifestFile(host, input, version, mcp.inManifest, context), report, true);
  }
  return out;
}

function add(out: AssembledPackage, file: PackageFile, report: Report, written = false): void {
  const existing = out.files.get(file.path);
  if (existing && !existing.bytes.equals(file.bytes)) {
    report(["hosts"], overlappingFilesFinding(out.archive, file.path));
    return;
  }
  out.files.set(file.path, file);
  if (written && !out.written.includes(file.path)) out.written.push(file.path);
}

/** The registry's always-on text (its single_file adapter's file) under the host's context file name. */
function contextFile(host: ChosenHost, input: BuildInput): PackageFile | undefined {
  if (!host.context_file) return undefined;
  const adapter = input.registry.adapters.find((a) => a.adapter.global_placement === "single_file")?.adapter;
  const path = adapter && alwaysOnPath(adapter);
  const file = path ? input.tree.files.find((f) => f.path === path) : undefined;
  return file && { path: host.context_file, bytes: file.bytes, executable: false };
}

function manifestFile(
  host: ChosenHost,
  input: BuildInput,
  version: string,
  servers: Servers | undefined,
  context: PackageFile | undefined,
): PackageFile {
  const { config, tree } = input;
  const slots = {
    name: config.name,
    version,
    description: config.description,
    author: config.owner,
    owner: config.owner ?? { name: config.name },
    schema: host.portable?.schema,
    context_file: context?.path,
  };
  const manifest = fillTemplate(host.manifest?.template ?? {}, slots) as Record<string, unknown>;
  if (servers && host.manifest?.mcp_key && Object.keys(servers).length > 0)
    manifest[host.manifest.mcp_key] = servers;
  for (const { key, from } of host.settings_to_manifest ?? []) {
    const value = host.client ? composedValue(tree, host.client, undefined, from) : undefined;
    if (value !== undefined) manifest[key] = value;
  }
  return { path: host.manifest?.path ?? "", bytes: jsonBytes(manifest), executable: false };
}
