import { loadCore } from "../../core/load-core.js";
import type { Core, CoreMarkdown, PermissionLists } from "../../core/model.js";
import { dependenciesResolve } from "../../dependencies/checks/dependencies-resolve.js";
import { checkDependency } from "../../dependencies/content-check.js";
import type { DependencyInput } from "../../dependencies/model.js";
import { diagnostic } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { RegistryReader } from "../../documents/registry-reader.js";
import { loadConfigFile } from "../config-file.js";
import type { Rule, SourcesConfig } from "../model.js";
import { pluginCommands } from "../plugin-commands.js";
import { readSources } from "../read-sources.js";
import { layerOrder, prefixCore, prefixDiagnostic, prefixRule } from "./layer-paths.js";

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
  const plugin = pluginCommands(input, diagnostics);
  own.hooks.push(...core.hooks, ...plugin.hooks);
  const servers = new Set(own.mcpServers.map((s) => s.name));
  own.mcpServers.push(...[...core.mcpServers, ...plugin.mcpServers].filter((s) => !servers.has(s.name)));
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
