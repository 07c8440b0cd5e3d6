import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { LoadedClientPack } from "../../src/clients/loaded-client-pack.js";
import { emitClientSettings } from "../../src/emit/clients/emit-settings.js";
import { loadRegistry } from "../../src/registry/load-registry.js";
import type { Registry } from "../../src/registry/model.js";
import { testdir } from "./testdir.js";

const coreExample = join(process.cwd(), "test", "fixtures", "core-example");

/** Every file of the core example registry (sources, rules, core/), relative path → text. */
export function coreExampleFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(coreExample, path)] = readFileSync(path, "utf8");
    }
  };
  walk(coreExample);
  return files;
}

/** The built-in Claude Code pack as written, notes included. */
export function claudePackJson(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(process.cwd(), "clients", "claude-code.json"), "utf8")) as Record<
    string,
    unknown
  >;
}

/**
 * The core example as a registry compiled by the given built-in packs, with extra files (registry
 * packs in clients/, a different targets.json). Fails when the registry does not load.
 */
export async function settingsRegistry(
  builtinClients: string[],
  extra: Record<string, string> = {},
  targetsExtra: object = {},
): Promise<Registry> {
  const files = coreExampleFiles();
  const targets = JSON.parse(files["targets.json"] ?? "{}") as object;
  files["targets.json"] =
    `${JSON.stringify({ ...targets, builtin_clients: builtinClients, ...targetsExtra }, null, 2)}\n`;
  const { registry, diagnostics } = await loadRegistry(testdir({ ...files, ...extra }));
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (!registry || errors.length > 0)
    throw new Error(`registry did not load: ${JSON.stringify(errors, null, 1)}`);
  return registry;
}

export function clientOf(registry: Registry, id: string): LoadedClientPack {
  const found = registry.clients.find((c) => c.pack.client === id);
  if (!found)
    throw new Error(`no client pack ${id} among ${registry.clients.map((c) => c.pack.client).join(", ")}`);
  return found;
}

export function settingsOf(registry: Registry, id: string) {
  return emitClientSettings(clientOf(registry, id), registry);
}
