import type { Position } from "../diagnostics/diagnostic.js";
import type { EmittedTree } from "../emit/emitted-tree.js";
import { packPath } from "../packs/shared/placeholders.js";
import type { Registry } from "../registry/model.js";
import type { PluginConfig } from "../registry/plugin-config.js";
import { projectPathFinding } from "./checks/plugin-hook-project-path.js";
import { noHooksKeyFinding, unusedRewriteFinding } from "./checks/plugin-inputs-exist.js";
import { unquotedRootFinding } from "./checks/plugin-root-quoted.js";
import type { ChosenHost } from "./chosen-hosts.js";
import { composedValue, mapStrings, nestedAt, stringsOf } from "./composed-value.js";
import type { FolderMove, PackageFile } from "./package-parts.js";
import { projectPathIn, rootUnquoted } from "./project-paths.js";
import type { PluginKey, Report } from "./report.js";
import { emittedSeed, seedJson } from "./seed-files.js";

type Hooks = Record<string, unknown[]>;

/**
 * The host's hooks file: the `hooks` of hook_seed (seed hosts) and the client pack's hooks, with
 * hook_path_rewrites and the moved folders applied, each command checked for paths left in the project.
 */
export function packageHooks(
  host: ChosenHost,
  registry: Registry,
  tree: EmittedTree,
  config: PluginConfig,
  moves: FolderMove[],
  report: Report,
): PackageFile | undefined {
  if (!host.hooks) return undefined;
  const seed = host.seed_layout ? seedHooks(config, tree, report) : undefined;
  const pack = packHooks(host, registry, tree);
  if (seed === undefined && pack === undefined) return undefined;
  const merged: Hooks = { ...(seed ?? {}) };
  for (const [event, entries] of Object.entries(pack ?? {}))
    merged[event] = [...(merged[event] ?? []), ...entries];
  const rewritten = rewrite(merged, host, config, moves, report);
  checkCommands(rewritten, host, registry, config, report);
  return { path: host.hooks.file, bytes: json(nestedAt(host.hooks.key, rewritten)), executable: false };
}

function json(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}

function seedHooks(config: PluginConfig, tree: EmittedTree, report: Report): Hooks | undefined {
  if (!config.hook_seed) return undefined;
  const seed = emittedSeed(tree, "hook_seed", config.hook_seed, report);
  const parsed = seed && seedJson(seed, "hook_seed", config.hook_seed, report);
  if (!parsed) return undefined;
  if (parsed.hooks === undefined) {
    report(["hook_seed"], noHooksKeyFinding(config.hook_seed));
    return undefined;
  }
  return parsed.hooks as Hooks;
}

function packHooks(host: ChosenHost, registry: Registry, tree: EmittedTree): Hooks | undefined {
  const pack = registry.clients.find((c) => c.pack.client === host.client)?.pack;
  if (!pack?.hooks || !host.client) return undefined;
  const file = packPath(pack.hooks.file, pack.runtime_placeholders);
  return composedValue(tree, host.client, file, pack.hooks.key) as Hooks | undefined;
}

function rewrite(
  hooks: Hooks,
  host: ChosenHost,
  config: PluginConfig,
  moves: FolderMove[],
  report: Report,
): Hooks {
  let value: unknown = hooks;
  if (host.seed_layout) {
    (config.hook_path_rewrites ?? []).forEach(([from, to], i) => {
      if (!stringsOf(value).some((s) => s.text.includes(from))) {
        report(["hook_path_rewrites", i], unusedRewriteFinding(from, config.hook_seed ?? "the plugin"));
      }
      value = mapStrings(value, (text) => text.split(from).join(to));
    });
  }
  const root = host.variables.root;
  for (const project of host.variables.project) {
    for (const move of moves) {
      const to = move.to ? `${root}/${move.to}/` : `${root}/`;
      value = mapStrings(value, (text) => text.split(`${project}/${move.from}/`).join(to));
    }
  }
  return value as Hooks;
}

function checkCommands(
  hooks: Hooks,
  host: ChosenHost,
  registry: Registry,
  config: PluginConfig,
  report: Report,
): void {
  for (const { key, text } of stringsOf(hooks)) {
    if (key !== "command") continue;
    const where = commandSource(text, registry, config);
    const left = projectPathIn(text, host.variables.project);
    if (left) {
      report(where, projectPathFinding(host.name, text, left, host.variables.root));
    }
    if (host.variables.root_quoted && rootUnquoted(text, host.variables.root)) {
      report(
        rewriteSource(text, host.variables.root, config) ?? where,
        unquotedRootFinding(host.name, text, host.variables.root),
      );
    }
  }
}

/** The core hook the command came from, else the plugin's hook_seed. */
function commandSource(text: string, registry: Registry, config: PluginConfig): Position | PluginKey {
  const hook = coreHookOf(text, registry);
  if (hook) return hook.position;
  return config.hook_seed ? ["hook_seed"] : ["name"];
}

/** The core hook whose command the text carries (the longest, as one command may contain another). */
export function coreHookOf(text: string, registry: Registry): Registry["core"]["hooks"][number] | undefined {
  const found = registry.core.hooks.filter((h) => text.includes(h.command));
  return found.sort((a, b) => b.command.length - a.command.length)[0];
}

/** The hook_path_rewrites pair that wrote the root variable into the command, if one did. */
function rewriteSource(text: string, root: string, config: PluginConfig): PluginKey | undefined {
  const i = (config.hook_path_rewrites ?? []).findIndex(([, to]) => to.includes(root) && text.includes(to));
  return i < 0 ? undefined : ["hook_path_rewrites", i, 1];
}
