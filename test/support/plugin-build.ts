import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { builtinPluginHosts } from "../../src/registry/builtin-plugin-hosts.js";
import { clientRegistry } from "./clients-cli.js";
import { runAgentc } from "./run-cli.js";
import { testdir, writeFiles } from "./testdir.js";

/** Every host of plugin-hosts/, and the client packs their packages take skills, agents and hooks from. */
export const allHosts = ["claude-code", "agent-plugins", "gemini-cli", "codex"];
export const pluginClients = ["claude-code", "gemini-cli"];

export const teamPlugin = {
  name: "team-tools",
  description: "The team's assistant configuration",
  owner: { name: "Platform Team" },
  hosts: allHosts,
};

export interface BuiltPlugin {
  registry: string;
  build: string;
  /** stdout + stderr of `agentc build`. */
  report: string;
  status: number | null;
  /** A marketplace folder: the plugin at ./<name>/, each host's marketplace file at its place. */
  market: string;
  /** The Gemini CLI extension unpacked into a folder named after it. */
  extension: string;
}

/**
 * The client fixture registry (a full core/) with a `plugin` block, built by the real CLI, its packages
 * unpacked as a person would: plugin.zip beside the marketplace files, the extension in <name>/.
 */
export function buildPluginRegistry(
  plugin: object = teamPlugin,
  edit: (registry: string) => void = () => {},
): Promise<BuiltPlugin> {
  const root = testdir({}, "agentc-plugin-");
  const registry = join(root, "registry");
  cpSync(clientRegistry, registry, { recursive: true });
  const targetsFile = join(registry, "targets.json");
  const targets = JSON.parse(readFileSync(targetsFile, "utf8")) as Record<string, unknown>;
  const withPlugin = { ...targets, registry_version: "2.0.0", builtin_clients: pluginClients, plugin };
  writeFileSync(targetsFile, `${JSON.stringify(withPlugin, null, 2)}\n`);
  edit(registry);
  const build = join(root, "build");
  return rebuild({ registry, build, report: "", status: null, market: "", extension: "" });
}

/** Runs `agentc build` again into the same folder and unpacks the packages afresh. */
export async function rebuild(previous: BuiltPlugin): Promise<BuiltPlugin> {
  const run = await runAgentc(["build", previous.registry, "--out", previous.build]);
  const out = { ...previous, report: run.stdout + run.stderr, status: run.status };
  if (run.status !== 0) return out;
  const name = (
    JSON.parse(readFileSync(join(previous.registry, "targets.json"), "utf8")) as { plugin: { name: string } }
  ).plugin.name;
  const root = testdir({}, "agentc-unpacked-");
  const market = join(root, "market");
  const extension = join(root, "extensions", name);
  unpack(join(previous.build, "plugin.zip"), join(market, name));
  unpack(join(previous.build, "gemini-extension.zip"), extension);
  for (const host of builtinPluginHosts()) {
    const file = host.marketplace && join(previous.build, host.marketplace.build_file);
    if (file && existsSync(file)) writeFiles(market, { [host.marketplace?.place ?? ""]: readFileSync(file) });
  }
  return { ...out, market, extension };
}

export function zipEntries(file: string): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(readFileSync(file)));
}

/** A package of the build unpacked; nothing when the registry's hosts make no such package. */
function unpack(zip: string, into: string): void {
  if (!existsSync(zip)) return;
  const entries = zipEntries(zip);
  assert.ok(Object.keys(entries).length > 0, `${zip} has entries`);
  for (const [path, bytes] of Object.entries(entries)) writeFiles(into, { [path]: Buffer.from(bytes) });
}

/** The text of a file in an unpacked folder, parsed as JSON. */
export function readJson(dir: string, path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, path), "utf8")) as Record<string, unknown>;
}
