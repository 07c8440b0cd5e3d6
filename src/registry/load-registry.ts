import { join, resolve } from "node:path";
import { loadCapabilities } from "../capabilities/load-capabilities.js";
import { loadPackageAgents } from "../capabilities/load-package-agents.js";
import { loadPackageSkills } from "../capabilities/load-package-skills.js";
import { readClientFiles } from "../clients/client-files.js";
import { hasContent, loadClientPacks } from "../clients/load-client-packs.js";
import { loadCore } from "../core/load-core.js";
import type { OciSources } from "../dependencies/fetch-dependency.js";
import { type ResolvedDependencies, resolveDependencies } from "../dependencies/resolve-dependencies.js";
import { type Diagnostic, sortDiagnostics } from "../diagnostics/diagnostic.js";
import type { JsonDocument } from "../documents/json-document.js";
import { RegistryReader } from "../documents/registry-reader.js";
import { assistantSelection } from "./assistants.js";
import { builtinAdapters } from "./builtin-adapters.js";
import { loadConfigFile } from "./config-file.js";
import { readInstallFiles } from "./install-files.js";
import { dependencyCapabilities } from "./layers/layer-capabilities.js";
import { dependencyClientPacks } from "./layers/layer-client-packs.js";
import { layerDependencies } from "./layers/layer-dependencies.js";
import { layeredTargets } from "./layers/layer-targets.js";
import { mergeAdapters } from "./merge-adapters.js";
import type { DroppedRule, FetchedSource, Registry, SourcesConfig, TargetsConfig } from "./model.js";
import { loadNativeCopies } from "./native-copies.js";
import { readSources } from "./read-sources.js";
import { resolveRules } from "./rules/resolve-rules.js";

export interface LoadOptions {
  offline?: boolean;
  cacheDir?: string;
  fetchTimeoutMs?: number;
  /** Dependencies: check the locked refs upstream too, and fail rather than change agentc.lock. */
  frozen?: boolean;
  /** Dependencies resolved again from their declared ref (agentc update), or all of them. */
  refresh?: "all" | ReadonlySet<string>;
  /** How dependencies on oci:// references are read (the command line gives the OCI client). */
  oci?: OciSources;
}

export interface LoadResult {
  registry?: Registry;
  diagnostics: Diagnostic[];
  /** The registry's dependencies as resolved, and the agentc.lock they need. */
  dependencies?: ResolvedDependencies;
}

/** Loads a registry folder. Without a registry in the result, the diagnostics say why. */
export async function loadRegistry(dir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const root = resolve(dir);
  const reader = new RegistryReader(root);
  const diagnostics: Diagnostic[] = [];
  const sourcesDocument = loadConfigFile(reader, "sources.json", "sources", diagnostics);
  const ownTargets = loadConfigFile(reader, "targets.json", "targets", diagnostics);
  if (!sourcesDocument || !ownTargets)
    return { diagnostics: sortDiagnostics([...diagnostics, ...reader.diagnostics]) };
  const sources = sourcesDocument.value as SourcesConfig;
  const cacheDir = options.cacheDir ?? join(root, ".agentc-cache", "sources");
  const dependencies = await loadDependencies(root, sources, sourcesDocument, { ...options, cacheDir });
  diagnostics.push(...dependencies.diagnostics);
  const targetsDocument = layeredTargets(ownTargets, dependencies.inputs, diagnostics);
  const targets = targetsDocument.value as TargetsConfig;
  const selection = assistantSelection(targets, targetsDocument, diagnostics);
  const adapters = mergeAdapters(builtinAdapters(), targets, targetsDocument, diagnostics, selection);
  const fetchedSources: FetchedSource[] = [];
  const allRules = await readSources(
    reader,
    sources,
    sourcesDocument,
    {
      cacheDir,
      ...(options.offline ? { offline: true } : {}),
      ...(options.fetchTimeoutMs ? { fetchTimeoutMs: options.fetchTimeoutMs } : {}),
    },
    diagnostics,
    fetchedSources,
  );
  const files = readInstallFiles(
    reader,
    adapters.map((a) => a.adapter),
  );
  const { core, diagnostics: coreDiagnostics } = loadCore(reader);
  diagnostics.push(...coreDiagnostics);
  const layers = {
    core,
    rules: allRules,
    files,
    executables: new Set<string>(),
    sourceCount: sources.sources.length,
  };
  await layerDependencies(dependencies.inputs, layers, cacheDir, diagnostics);
  const droppedRules: DroppedRule[] = [];
  const rules = resolveRules(allRules, diagnostics, droppedRules);
  const clientChoice =
    targets.builtin_clients ?? (selection.clients && hasContent(core) ? selection.clients : undefined);
  const clients = dependencyClientPacks(
    loadClientPacks(
      reader,
      clientChoice ? { builtin_clients: clientChoice } : {},
      targetsDocument,
      core,
      diagnostics,
    ),
    dependencies.inputs,
    files,
    targetsDocument,
    core,
    diagnostics,
  );
  const executableFiles = readClientFiles(reader, clients, core, files, diagnostics);
  for (const path of layers.executables) executableFiles.add(path);
  const ownCapabilities = loadCapabilities(reader, diagnostics);
  const registryFiles = { files, executables: executableFiles };
  const ownSkills = loadPackageSkills(reader, ownCapabilities, clients, registryFiles, diagnostics);
  const layered = dependencyCapabilities(
    dependencies.inputs,
    ownCapabilities,
    clients,
    registryFiles,
    diagnostics,
  );
  const capabilities = [...ownCapabilities, ...layered.capabilities];
  const packageSkills = [...ownSkills, ...layered.packageSkills];
  const packageAgents = loadPackageAgents(capabilities, clients, diagnostics);
  const natives = loadNativeCopies(reader, diagnostics);
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
    packageAgents,
    ...(natives.length > 0 ? { natives } : {}),
    ...(fetchedSources.length > 0 ? { fetchedSources } : {}),
    ...(dependencies.inputs.length > 0 ? { dependencyInputs: dependencies.inputs } : {}),
  };
  return { registry, diagnostics: [...diagnostics, ...reader.diagnostics], dependencies };
}

/** The declared dependencies, pinned by agentc.lock; nothing is asked of the network for a registry without. */
export function loadDependencies(
  root: string,
  sources: SourcesConfig,
  sourcesDocument: JsonDocument,
  options: LoadOptions & { cacheDir: string },
): Promise<ResolvedDependencies> {
  return resolveDependencies(sources.dependencies ?? [], sourcesDocument, {
    root,
    cacheDir: options.cacheDir,
    ...(options.offline ? { offline: true } : {}),
    ...(options.frozen ? { frozen: true } : {}),
    ...(options.refresh ? { refresh: options.refresh } : {}),
    ...(options.oci ? { oci: options.oci } : {}),
    ...(sources.transitive_dependencies ? { transitive: sources.transitive_dependencies } : {}),
    declaredIn: (folder, label, problems) => {
      const document = loadConfigFile(folder, "sources.json", "sources", problems, label);
      if (!document) return undefined;
      return { declarations: (document.value as SourcesConfig).dependencies ?? [], document };
    },
  });
}
