import { loadCapabilities } from "../capabilities/load-capabilities.js";
import { loadPackageSkills } from "../capabilities/load-package-skills.js";
import { type CapabilityPackage, capabilitiesFolder, type PackageSkills } from "../capabilities/model.js";
import { sourceFiles } from "../clients/client-files.js";
import { loadClientPacks, registryClientsFolder } from "../clients/load-client-packs.js";
import type { LoadedClientPack } from "../clients/loaded-client-pack.js";
import type { FileMapping } from "../clients/model.js";
import { loadCore } from "../core/load-core.js";
import type { Core, CoreMarkdown, CoreSkill, PermissionLists } from "../core/model.js";
import { dependenciesResolve } from "../dependencies/checks/dependencies-resolve.js";
import { checkDependency } from "../dependencies/content-check.js";
import type { DependencyInput } from "../dependencies/model.js";
import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import type { JsonDocument } from "../documents/json-document.js";
import { RegistryReader, readFailure } from "../documents/registry-reader.js";
import { maxAssetBytes } from "../documents/text-file.js";
import { loadConfigFile } from "./config-file.js";
import { kindPriority, type Rule, type SourcesConfig } from "./model.js";
import { readSources } from "./read-sources.js";

/** The registry's own content and what the dependencies add to it; the own content wins every name. */
export interface Layers {
  core: Core;
  rules: Rule[];
  files: Map<string, Buffer>;
  /** Files of dependencies (by their `@<name>/` path) that are executable. */
  executables: Set<string>;
  sourceCount: number;
}

/**
 * Adds each dependency's core/ (and, for an agentc registry, the rules of its sources) below the registry's
 * own: a name the registry or an earlier dependency has is left out; the registry's own dependencies before
 * theirs, and on one level in the order of their priority, then of declaration. Paths of a dependency's files read `@<name>/<path>`.
 */
export async function layerDependencies(
  inputs: readonly DependencyInput[],
  layers: Layers,
  cacheDir: string,
  diagnostics: Diagnostic[],
): Promise<void> {
  const ordered = layerOrder(inputs);
  let sourceIndex = layers.sourceCount;
  for (const unchecked of ordered) {
    if (!unchecked.folder) continue;
    // Hidden Unicode, text that switches safety off, and hooks or MCP commands of a dependency not trusted.
    const checked = checkDependency(unchecked);
    diagnostics.push(...checked.diagnostics);
    const input = checked.input;
    const prefix = `@${input.name}/`;
    const reader = new RegistryReader(unchecked.folder);
    const found: Diagnostic[] = [];
    const { core, diagnostics: coreDiagnostics } = loadCore(reader);
    found.push(...coreDiagnostics);
    const rules = await dependencyRules(reader, cacheDir, sourceIndex, input.name, found);
    sourceIndex += 1000;
    found.push(...reader.diagnostics);
    diagnostics.push(...found.map((d) => prefixDiagnostic(d, prefix)));
    layers.rules.push(...rules.map((rule) => prefixRule(rule, prefix)));
    mergeCore(layers, prefixCore(keptFilesOnly(core, input), prefix), input, diagnostics);
    for (const [path, bytes] of input.files) layers.files.set(`${prefix}${path}`, Buffer.from(bytes));
    for (const path of input.executables ?? []) layers.executables.add(`${prefix}${path}`);
  }
}

/** The registry's own dependencies before theirs; on one level by priority, then in declared order. */
function layerOrder(inputs: readonly DependencyInput[]): DependencyInput[] {
  return [...inputs].sort(
    (a, b) =>
      (a.depth ?? 0) - (b.depth ?? 0) ||
      kindPriority[a.priority ?? "community"] - kindPriority[b.priority ?? "community"],
  );
}

/**
 * targets.json keys a registry takes from its dependencies when it does not set them itself: the policies
 * an organisation sets for its teams. Keys that name the registry (its version, plugin, bundle address),
 * choose what it builds (assistants, adapters, client packs, tools) or switch a safety check off
 * (secret_guard, trust_overrides) are the registry's own alone.
 */
export const inheritedTargetKeys = [
  "client_policies",
  "accepted_losses",
  "strict_losses",
  "budgets",
  "roster_budget",
] as const;

/**
 * targets.json with each inherited key the registry does not set taken from the first dependency (in layer
 * order) whose valid targets.json sets it; positions of a taken key point into that file
 * (`@<dependency>/targets.json`). A dependency's targets.json that is not valid is reported and not used.
 */
export function layeredTargets(
  own: JsonDocument,
  inputs: readonly DependencyInput[],
  diagnostics: Diagnostic[],
): JsonDocument {
  const value = { ...(own.value as Record<string, unknown>) };
  const from = new Map<string, JsonDocument>();
  for (const input of layerOrder(inputs)) {
    if (!input.folder || !input.files.has("targets.json")) continue;
    const found: Diagnostic[] = [];
    const document = loadConfigFile(
      input.folder,
      "targets.json",
      "targets",
      found,
      `@${input.name}/targets.json`,
    );
    diagnostics.push(...found);
    const theirs = (document?.value ?? {}) as Record<string, unknown>;
    for (const key of inheritedTargetKeys) {
      if (key in value || !(key in theirs) || !document) continue;
      value[key] = theirs[key];
      from.set(key, document);
    }
  }
  if (from.size === 0) return own;
  return {
    file: own.file,
    value,
    positionOf: (path, part) => (from.get(String(path[0])) ?? own).positionOf(path, part),
  };
}

/**
 * The client packs (clients/) of trusted registry dependencies added to `packs`: a dependency's pack is used
 * for a client id the registry has no pack of its own for (it replaces a built-in pack of that id, as the
 * registry's own would), the nearer dependency's first. A pack decides which files are written where in
 * people's projects, so only a dependency the registry trusts brings one. The files its shared_core and
 * shared_seed name are read from the dependency into `files` as `@<dependency>/…`.
 */
export function dependencyClientPacks(
  packs: readonly LoadedClientPack[],
  inputs: readonly DependencyInput[],
  files: Map<string, Buffer>,
  targetsDocument: JsonDocument,
  core: Core,
  diagnostics: Diagnostic[],
): LoadedClientPack[] {
  const byId = new Map(packs.map((p) => [p.pack.client, p]));
  for (const input of layerOrder(inputs)) {
    if (!input.folder || ![...input.files.keys()].some((p) => p.startsWith(`${registryClientsFolder}/`)))
      continue;
    const prefix = `@${input.name}/`;
    const reader = new RegistryReader(input.folder);
    const found: Diagnostic[] = [];
    const theirs = loadClientPacks(reader, { builtin_clients: "none" }, targetsDocument, core, found);
    diagnostics.push(...found.map((d) => prefixDiagnostic(d, prefix)));
    for (const loaded of theirs) {
      const kept = byId.get(loaded.pack.client);
      const at = { file: `${prefix}${loaded.file}`, line: 1, column: 1 };
      const left =
        kept?.origin === "registry"
          ? `${kept.file} is the pack of "${loaded.pack.client}" and wins`
          : undefined;
      if (left || !input.trusted) {
        diagnostics.push(
          diagnostic(dependenciesResolve, {
            position: at,
            severity: left ? "info" : "warning",
            message: left
              ? `The client pack "${loaded.pack.client}" of dependency "${input.name}" is not used: ${left}`
              : `Dependency "${input.name}" is not trusted, so its client pack "${loaded.pack.client}" (which decides what is written into projects) is left out`,
            hint: left
              ? "Rename one of them if both are wanted."
              : `Trust "${input.name}" if its pack may write into your projects (docs/dependencies.md).`,
          }),
        );
        continue;
      }
      byId.set(loaded.pack.client, packFromDependency(loaded, reader, prefix, files, diagnostics));
    }
  }
  return [...byId.values()].sort((a, b) =>
    a.pack.client < b.pack.client ? -1 : a.pack.client > b.pack.client ? 1 : 0,
  );
}

/** A dependency's pack as the registry's: its mapped files read into `files` below `prefix`, its places prefixed. */
function packFromDependency(
  loaded: LoadedClientPack,
  reader: RegistryReader,
  prefix: string,
  files: Map<string, Buffer>,
  diagnostics: Diagnostic[],
): LoadedClientPack {
  const moved = (mappings: readonly FileMapping[]): FileMapping[] =>
    mappings.map((mapping) => {
      for (const path of sourceFiles(reader, mapping) ?? []) {
        const read = reader.readBytes(path, maxAssetBytes);
        if (read.ok) files.set(`${prefix}${path}`, read.bytes);
        else
          diagnostics.push(
            ...readFailure(
              read,
              { file: `${prefix}${path}`, line: 1, column: 1 },
              `${prefix}${path} ${read.reason}`,
            ),
          );
      }
      return { ...mapping, src: `${prefix}${mapping.src}` };
    });
  return {
    ...loaded,
    file: `${prefix}${loaded.file}`,
    pack: {
      ...loaded.pack,
      shared_core: moved(loaded.pack.shared_core),
      shared_seed: moved(loaded.pack.shared_seed),
    },
    document: {
      ...loaded.document,
      file: `${prefix}${loaded.document.file}`,
      positionOf: (path, part) => prefixPosition(loaded.document.positionOf(path, part), prefix),
    },
  };
}

/**
 * The capability packages of registry dependencies (and their skills where a client pack compiles them):
 * a package whose slug the registry or an earlier dependency has is left out with an info; one that
 * declares hooks or requirements (commands run or installed on people's machines) only from a dependency
 * the registry trusts. Paths read `@<dependency>/capabilities/…`.
 */
export function dependencyCapabilities(
  inputs: readonly DependencyInput[],
  own: readonly CapabilityPackage[],
  clients: readonly LoadedClientPack[],
  registryFiles: { files: Map<string, Buffer>; executables: Set<string> },
  diagnostics: Diagnostic[],
): { capabilities: CapabilityPackage[]; packageSkills: PackageSkills[] } {
  const taken = new Map(own.map((pkg) => [pkg.slug, pkg.manifestFile]));
  const capabilities: CapabilityPackage[] = [];
  const packageSkills: PackageSkills[] = [];
  for (const input of layerOrder(inputs)) {
    if (!input.folder || ![...input.files.keys()].some((p) => p.startsWith(`${capabilitiesFolder}/`)))
      continue;
    const prefix = `@${input.name}/`;
    const reader = new RegistryReader(input.folder);
    const found: Diagnostic[] = [];
    const admitted = loadCapabilities(reader, found).filter((pkg) =>
      admitCapability(pkg, input, taken, prefix, diagnostics),
    );
    const files = { files: new Map<string, Buffer>(), executables: new Set<string>() };
    const skills = loadPackageSkills(reader, admitted, clients, files, found);
    diagnostics.push(...found.map((d) => prefixDiagnostic(d, prefix)));
    for (const [path, bytes] of files.files) registryFiles.files.set(`${prefix}${path}`, bytes);
    for (const path of files.executables) registryFiles.executables.add(`${prefix}${path}`);
    const placed = new Map(admitted.map((pkg) => [pkg, prefixPackage(pkg, prefix)]));
    capabilities.push(...placed.values());
    packageSkills.push(
      ...skills.map(({ pkg, skills: list }) => ({
        pkg: placed.get(pkg) ?? pkg,
        skills: list.map((s) => prefixSkill(s, prefix)),
      })),
    );
  }
  return { capabilities, packageSkills };
}

function admitCapability(
  pkg: CapabilityPackage,
  input: DependencyInput,
  taken: Map<string, string>,
  prefix: string,
  diagnostics: Diagnostic[],
): boolean {
  const at = { file: `${prefix}${pkg.manifestFile}`, line: 1, column: 1 };
  const kept = taken.get(pkg.slug);
  if (kept) {
    diagnostics.push(
      diagnostic(dependenciesResolve, {
        position: at,
        severity: "info",
        message: `The capability package "${pkg.slug}" of dependency "${input.name}" is not used: ${kept} defines it and wins`,
        hint: "Rename one of them if both are wanted.",
      }),
    );
    return false;
  }
  const runs = pkg.hooks.length > 0 || (pkg.manifest.requires?.length ?? 0) > 0;
  if (runs && !input.trusted) {
    diagnostics.push(
      diagnostic(dependenciesResolve, {
        position: at,
        severity: "warning",
        message: `Dependency "${input.name}" is not trusted, so its capability package "${pkg.slug}" (hooks or requirements: commands run on people's machines) is left out`,
        hint: `Read ${pkg.manifestFile} at ${input.origin}; if its commands may run in your projects, trust "${input.name}" (docs/dependencies.md).`,
      }),
    );
    return false;
  }
  taken.set(pkg.slug, at.file);
  return true;
}

function prefixPackage(pkg: CapabilityPackage, prefix: string): CapabilityPackage {
  return {
    ...pkg,
    dir: `${prefix}${pkg.dir}`,
    manifestFile: `${prefix}${pkg.manifestFile}`,
    document: {
      ...pkg.document,
      file: `${prefix}${pkg.document.file}`,
      positionOf: (path, part) => prefixPosition(pkg.document.positionOf(path, part), prefix),
    },
  };
}

/** The rules of an agentc registry's own sources (read offline: a dependency fetches nothing more). */
async function dependencyRules(
  reader: RegistryReader,
  cacheDir: string,
  firstIndex: number,
  name: string,
  diagnostics: Diagnostic[],
): Promise<Rule[]> {
  if (reader.resolve("sources.json").kind !== "file") return [];
  const document = loadConfigFile(reader, "sources.json", "sources", diagnostics);
  if (!document) return [];
  const rules = await readSources(
    reader,
    document.value as SourcesConfig,
    document,
    { cacheDir, offline: true },
    diagnostics,
  );
  return rules.map((rule) => ({
    ...rule,
    sourceIndex: firstIndex + rule.sourceIndex,
    sourceName: `${name}/${rule.sourceName}`,
    dependency: name,
  }));
}

type Named = CoreMarkdown & { name: string };

/** A skill's supporting files without those the content check left out (an untrusted dependency's hooks). */
function keptFilesOnly(core: Core, input: DependencyInput): Core {
  const skills = core.skills.map((s) => ({
    ...s,
    supportingFiles: s.supportingFiles.filter((f) => input.files.has(f)),
  }));
  return { ...core, skills };
}

function mergeCore(layers: Layers, core: Core, input: DependencyInput, diagnostics: Diagnostic[]): void {
  const own = layers.core;
  own.rules.push(...newcomers(own.rules, core.rules, input, "rule", diagnostics));
  own.skills.push(
    ...newcomers(own.skills, core.skills, input, "skill", diagnostics).map((s) =>
      allowOnlyIfTrusted(s, input),
    ),
  );
  own.agents.push(
    ...newcomers(own.agents, core.agents, input, "agent", diagnostics).map((a) =>
      allowOnlyIfTrusted(a, input),
    ),
  );
  own.commands.push(...newcomers(own.commands, core.commands, input, "command", diagnostics));
  own.permissions = {
    deny: [...own.permissions.deny, ...core.permissions.deny],
    ask: [...own.permissions.ask, ...core.permissions.ask],
    allow: [...own.permissions.allow, ...(input.allowPermissions ? core.permissions.allow : [])],
  };
  // Hooks and MCP commands run on people's machines: only a dependency the registry trusts by name adds them.
  if (!input.trusted) return;
  own.hooks.push(...core.hooks);
  const servers = new Set(own.mcpServers.map((s) => s.name));
  own.mcpServers.push(...core.mcpServers.filter((s) => !servers.has(s.name)));
}

function newcomers<T extends Named>(
  have: readonly T[],
  offered: readonly T[],
  input: DependencyInput,
  what: string,
  diagnostics: Diagnostic[],
): T[] {
  const byName = new Map(have.map((item) => [item.name, item]));
  return offered.filter((item) => {
    const kept = byName.get(item.name);
    if (!kept) return true;
    diagnostics.push(
      diagnostic(dependenciesResolve, {
        position: { file: item.file, line: 1, column: 1 },
        severity: "info",
        message: `The ${what} "${item.name}" of dependency "${input.name}" is not used: ${kept.file} defines it and wins`,
        hint: "Rename one of them if both are wanted.",
      }),
    );
    return false;
  });
}

function allowOnlyIfTrusted<T extends { permissions: PermissionLists }>(item: T, input: DependencyInput): T {
  return input.allowPermissions ? item : { ...item, permissions: { ...item.permissions, allow: [] } };
}

const prefixPosition = <P extends Position>(position: P, prefix: string): P => ({
  ...position,
  file: `${prefix}${position.file}`,
});

function prefixDiagnostic(d: Diagnostic, prefix: string): Diagnostic {
  return {
    ...d,
    file: d.file === "" ? d.file : `${prefix}${d.file}`,
    ...(d.related ? { related: d.related.map((r) => prefixPosition(r, prefix)) } : {}),
  };
}

function prefixMarkdown<T extends CoreMarkdown>(item: T, prefix: string): T {
  return {
    ...item,
    file: `${prefix}${item.file}`,
    positionOf: (path, part) => prefixPosition(item.positionOf(path, part), prefix),
  };
}

function prefixPermissions(lists: PermissionLists, prefix: string): PermissionLists {
  const each = (rules: PermissionLists["deny"]) =>
    rules.map((r) => ({ ...r, position: prefixPosition(r.position, prefix) }));
  return { deny: each(lists.deny), ask: each(lists.ask), allow: each(lists.allow) };
}

const prefixSkill = (s: CoreSkill, prefix: string): CoreSkill => ({
  ...prefixMarkdown(s, prefix),
  dir: `${prefix}${s.dir}`,
  supportingFiles: s.supportingFiles.map((f) => `${prefix}${f}`),
  permissions: prefixPermissions(s.permissions, prefix),
});

function prefixCore(core: Core, prefix: string): Core {
  return {
    rules: core.rules.map((r) => prefixMarkdown(r, prefix)),
    skills: core.skills.map((s) => prefixSkill(s, prefix)),
    agents: core.agents.map((a) => ({
      ...prefixMarkdown(a, prefix),
      permissions: prefixPermissions(a.permissions, prefix),
    })),
    commands: core.commands.map((c) => prefixMarkdown(c, prefix)),
    permissions: prefixPermissions(core.permissions, prefix),
    hooks: core.hooks.map((h) => ({ ...h, position: prefixPosition(h.position, prefix) })),
    mcpServers: core.mcpServers.map((s) => ({ ...s, position: prefixPosition(s.position, prefix) })),
  };
}

function prefixRule(rule: Rule, prefix: string): Rule {
  const fields = Object.fromEntries(
    Object.entries(rule.fields).map(([key, position]) => [key, prefixPosition(position, prefix)]),
  ) as Rule["fields"];
  return {
    ...rule,
    file: `${prefix}${rule.file}`,
    heading: prefixPosition(rule.heading, prefix),
    fields,
    ...(rule.globPositions
      ? { globPositions: rule.globPositions.map((p) => prefixPosition(p, prefix)) }
      : {}),
  };
}
