import { pluginInputsExist } from "../checks/plugin/plugin-inputs-exist.js";
import { diagnostic } from "../diagnostics/check-meta.js";
import { byCodePoint, type Diagnostic, hasErrors, type Severity } from "../diagnostics/diagnostic.js";
import type { EmittedFile, EmittedTree } from "../emit/emitted-tree.js";
import type { Manifest } from "../manifest/manifest-model.js";
import type { Registry } from "../registry/model.js";
import type { PluginConfig, PluginLayout } from "../registry/plugin-config.js";
import { defaultArchiveLimits } from "../shared/zip/archive-limits.js";
import { zipInMemory } from "../shared/zip/zip-writer.js";

export interface PluginOutput {
  /** plugin.zip and marketplace.json, written beside manifest.json (not artifacts: never installed). */
  files: Map<string, Buffer>;
  diagnostics: Diagnostic[];
}

/** Pure: the plugin folder (native + portable manifest, skills, hooks, MCP) zipped, and its marketplace entry. */
export function buildPlugin(registry: Registry, tree: EmittedTree, manifest: Manifest): PluginOutput {
  const config = registry.targets.plugin as PluginConfig | undefined;
  const diagnostics: Diagnostic[] = [];
  if (!config) return { files: new Map(), diagnostics };
  const report: Report = (key, message, severity = "error") => {
    const position = registry.targetsDocument.positionOf(["plugin", key]);
    diagnostics.push(diagnostic(pluginInputsExist, { position, message, severity }));
  };
  const version = config.version ?? manifest.registry_version;
  const entries = new Map<string, Buffer>([
    ...manifests(config, version, report),
    ...skills(config, registry, tree, report),
    ...hooks(config, tree, report),
    ...mcp(config, tree, report),
  ]);
  if (hasErrors(diagnostics)) return { files: new Map(), diagnostics };
  const files = new Map<string, Buffer>([
    ["plugin.zip", pluginZip(entries)],
    ["marketplace.json", json(marketplace(config, version))],
  ]);
  return { files, diagnostics };
}

/** Sorted paths, every file a plain (0644) file. */
function pluginZip(entries: Map<string, Buffer>): Buffer {
  const names = [...entries.keys()].sort(byCodePoint);
  const files = names.map((name) => ({ name, bytes: entries.get(name) ?? Buffer.alloc(0), mode: 0o644 }));
  return zipInMemory(files, defaultArchiveLimits);
}

function json(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}

function manifests(config: PluginConfig, version: string, report: Report): [string, Buffer][] {
  const layout = config.layout ?? {};
  const about = {
    name: config.name,
    version,
    ...(config.description ? { description: config.description } : {}),
  };
  const out: [string, Buffer][] = [];
  if (layout.native_manifest) {
    out.push([layout.native_manifest, json({ ...about, ...(config.owner ? { author: config.owner } : {}) })]);
  }
  if (layout.portable_manifest) {
    const schema = layout.portable_schema ? { $schema: layout.portable_schema } : {};
    out.push([layout.portable_manifest, json({ ...schema, ...about })]);
  }
  if (out.length === 0) {
    report(
      "layout",
      "plugin.layout names neither native_manifest nor portable_manifest, so the plugin has no manifest",
    );
  }
  return out;
}

type Report = (key: string, message: string, severity?: Severity) => void;

function skills(
  config: PluginConfig,
  registry: Registry,
  tree: EmittedTree,
  report: Report,
): [string, Buffer][] {
  if (!config.skills_from) return [];
  const adapter = registry.adapters.find((a) => a.adapter.id === config.skills_from)?.adapter;
  if (adapter?.scoped_layout !== "per_rule_dir") {
    report(
      "skills_from",
      `skills_from "${config.skills_from}" names no adapter with scoped_layout per_rule_dir`,
    );
    return [];
  }
  const prefix = `${(adapter.output_dir ?? "").replace(/\/+$/, "")}/`;
  const skillsDir = layoutField(config, "skills_dir", "skills_from", report);
  if (skillsDir === undefined) return [];
  return tree.files
    .filter((f) => f.component === adapter.id && f.role === "scoped" && f.path.startsWith(prefix))
    .map((f): [string, Buffer] => [`${skillsDir}/${f.path.slice(prefix.length)}`, f.bytes]);
}

function hooks(config: PluginConfig, tree: EmittedTree, report: Report): [string, Buffer][] {
  if (!config.hook_seed) return [];
  const seed = emittedSeed(tree, "hook_seed", config.hook_seed, report);
  if (!seed) return [];
  let parsed: { hooks?: unknown };
  try {
    parsed = JSON.parse(seed.bytes.toString("utf8")) as { hooks?: unknown };
  } catch {
    report("hook_seed", `hook_seed "${config.hook_seed}" is not valid JSON`);
    return [];
  }
  if (parsed.hooks === undefined) {
    report(
      "hook_seed",
      `hook_seed "${config.hook_seed}" has no "hooks" key, so plugin.zip gets no hooks file`,
      "warning",
    );
    return [];
  }
  let text = `${JSON.stringify({ hooks: parsed.hooks }, null, 2)}\n`;
  for (const [from, to] of config.hook_path_rewrites ?? []) {
    if (!text.includes(from)) {
      report(
        "hook_path_rewrites",
        `hook_path_rewrites: "${from}" occurs nowhere in the hooks of ${config.hook_seed}`,
        "warning",
      );
    }
    text = text.split(from).join(to);
  }
  const hooksFile = layoutField(config, "hooks_file", "hook_seed", report);
  return hooksFile === undefined ? [] : [[hooksFile, Buffer.from(text)]];
}

function mcp(config: PluginConfig, tree: EmittedTree, report: Report): [string, Buffer][] {
  if (!config.mcp_seed) return [];
  const seed = emittedSeed(tree, "mcp_seed", config.mcp_seed, report);
  if (!seed) return [];
  return (layoutField(config, "mcp_files", "mcp_seed", report) ?? []).map((path): [string, Buffer] => [
    path,
    seed.bytes,
  ]);
}

/** Where the plugin format puts a part: named by the registry's layout (data), never defaulted in code. */
function layoutField<K extends "skills_dir" | "hooks_file" | "mcp_files">(
  config: PluginConfig,
  key: K,
  usedBy: string,
  report: Report,
): PluginLayout[K] | undefined {
  const value = config.layout?.[key];
  if (value === undefined) report("layout", `plugin.layout.${key} is needed because ${usedBy} is set`);
  return value;
}

/** The emitted seed or asset a plugin field names; reported when the build does not emit it. */
function emittedSeed(tree: EmittedTree, key: string, path: string, report: Report): EmittedFile | undefined {
  const found = tree.files.find((f) => f.path === path);
  if (!found) report(key, `${key} "${path}" is not a file the build emits (a seed or an owned asset)`);
  return found;
}

function marketplace(config: PluginConfig, version: string): object {
  return {
    name: config.name,
    owner: config.owner ?? { name: config.name },
    ...(config.description ? { metadata: { description: config.description } } : {}),
    plugins: [
      {
        name: config.name,
        source: `./${config.name}`,
        version,
        ...(config.description ? { description: config.description } : {}),
      },
    ],
  };
}
