import { join, resolve } from "node:path";
import { loadCapabilities } from "../capabilities/load-capabilities.js";
import { loadPackageSkills } from "../capabilities/load-package-skills.js";
import { readClientFiles } from "../clients/client-files.js";
import { loadClientPacks } from "../clients/load-client-packs.js";
import { loadCore } from "../core/load-core.js";
import { type Diagnostic, sortDiagnostics } from "../diagnostics/diagnostic.js";
import { builtinAdapters } from "./builtin-adapters.js";
import { loadConfigFile } from "./config-file.js";
import { readInstallFiles } from "./install-files.js";
import { mergeAdapters } from "./merge-adapters.js";
import type { DroppedRule, Registry, SourcesConfig, TargetsConfig } from "./model.js";
import { readSources } from "./read-sources.js";
import { resolveRules } from "./resolve-rules.js";

export interface LoadOptions {
  offline?: boolean;
  cacheDir?: string;
  fetchTimeoutMs?: number;
}

export interface LoadResult {
  registry?: Registry;
  diagnostics: Diagnostic[];
}

/** Loads a registry folder. Without a registry in the result, the diagnostics say why. */
export async function loadRegistry(dir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const root = resolve(dir);
  const diagnostics: Diagnostic[] = [];
  const sourcesDocument = loadConfigFile(root, "sources.json", "sources", diagnostics);
  const targetsDocument = loadConfigFile(root, "targets.json", "targets", diagnostics);
  if (!sourcesDocument || !targetsDocument) return { diagnostics: sortDiagnostics(diagnostics) };
  const sources = sourcesDocument.value as SourcesConfig;
  const targets = targetsDocument.value as TargetsConfig;
  const adapters = mergeAdapters(builtinAdapters(), targets, targetsDocument, diagnostics);
  const allRules = await readSources(
    root,
    sources,
    sourcesDocument,
    {
      cacheDir: options.cacheDir ?? join(root, ".agentc-cache", "sources"),
      ...(options.offline ? { offline: true } : {}),
      ...(options.fetchTimeoutMs ? { fetchTimeoutMs: options.fetchTimeoutMs } : {}),
    },
    diagnostics,
  );
  const droppedRules: DroppedRule[] = [];
  const rules = resolveRules(allRules, diagnostics, droppedRules);
  const files = readInstallFiles(
    root,
    adapters.map((a) => a.adapter),
  );
  const { core, diagnostics: coreDiagnostics } = loadCore(root);
  diagnostics.push(...coreDiagnostics);
  const clients = loadClientPacks(root, targets, targetsDocument, core, diagnostics);
  const executableFiles = readClientFiles(root, clients, core, files, diagnostics);
  const capabilities = loadCapabilities(root, diagnostics);
  const packageSkills = loadPackageSkills(
    root,
    capabilities,
    clients,
    { files, executables: executableFiles },
    diagnostics,
  );
  const registry: Registry = {
    core,
    clients,
    root,
    sources,
    sourcesDocument,
    targets,
    targetsDocument,
    adapters,
    allRules,
    rules,
    droppedRules,
    files,
    executableFiles,
    capabilities,
    packageSkills,
  };
  return { registry, diagnostics };
}
