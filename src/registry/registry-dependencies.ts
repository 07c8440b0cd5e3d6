import { join, resolve } from "node:path";
import type { ResolvedDependencies } from "../dependencies/resolve-dependencies.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { RegistryReader } from "../documents/registry-reader.js";
import { loadConfigFile } from "./config-file.js";
import { type LoadOptions, loadDependencies } from "./load-registry.js";
import type { SourcesConfig } from "./model.js";

export interface RegistryDependencies {
  /** Absent when sources.json cannot be read; the diagnostics say why. */
  resolved?: ResolvedDependencies;
  /** The declarations as sources.json has them. */
  declared: SourcesConfig["dependencies"];
  diagnostics: Diagnostic[];
}

/** Only a registry's dependencies, resolved against its agentc.lock (agentc lock, update, outdated --sources). */
export async function registryDependencies(
  dir: string,
  options: LoadOptions = {},
): Promise<RegistryDependencies> {
  const root = resolve(dir);
  const reader = new RegistryReader(root);
  const diagnostics: Diagnostic[] = [];
  const document = loadConfigFile(reader, "sources.json", "sources", diagnostics);
  diagnostics.push(...reader.diagnostics);
  if (!document) return { declared: [], diagnostics };
  const sources = document.value as SourcesConfig;
  const cacheDir = options.cacheDir ?? join(root, ".agentc-cache", "sources");
  const resolved = await loadDependencies(root, sources, document, { ...options, cacheDir });
  return {
    resolved,
    declared: sources.dependencies ?? [],
    diagnostics: [...diagnostics, ...resolved.diagnostics],
  };
}

/** The dependencies sources.json declares, without resolving any; undefined with the diagnostics when it cannot be read. */
export function declaredDependencies(
  dir: string,
): { declared: NonNullable<SourcesConfig["dependencies"]> } | { diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const document = loadConfigFile(resolve(dir), "sources.json", "sources", diagnostics);
  if (!document) return { diagnostics };
  return { declared: (document.value as SourcesConfig).dependencies ?? [] };
}
