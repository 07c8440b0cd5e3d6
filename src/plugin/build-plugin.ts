import { diagnostic } from "../diagnostics/check-meta.js";
import { byCodePoint, type Diagnostic, hasErrors, type Position } from "../diagnostics/diagnostic.js";
import type { EmittedTree } from "../emit/emitted-tree.js";
import type { Manifest } from "../manifest/manifest-model.js";
import { builtinPluginHosts } from "../registry/builtin-plugin-hosts.js";
import type { Registry } from "../registry/model.js";
import type { PluginConfig } from "../registry/plugin-config.js";
import { sha256 } from "../shared/hash.js";
import { defaultArchiveLimits } from "../shared/zip/archive-limits.js";
import { zipInMemory } from "../shared/zip/zip-writer.js";
import { type AssembledPackage, assemblePackage, type BuildInput } from "./assemble-package.js";
import { type ChosenHost, chosenHosts } from "./chosen-hosts.js";
import { checkVersionChanged, marketplaceOf } from "./marketplaces.js";
import { checkPackage } from "./package-checks.js";
import type { PluginKey, Report } from "./report.js";

export interface PluginOutput {
  /** Each host package's zip and each marketplace file, written beside manifest.json (never installed). */
  files: Map<string, Buffer>;
  diagnostics: Diagnostic[];
}

export interface PluginOptions {
  /** The build folder of the previous build, whose marketplace files the version check compares with. */
  previousBuild?: string;
}

/** The plugin packages of the registry's hosts (plugin-hosts/*.json), zipped, and their marketplace files. */
export function buildPlugin(
  registry: Registry,
  tree: EmittedTree,
  manifest: Manifest,
  options: PluginOptions = {},
): PluginOutput {
  const config = registry.targets.plugin as PluginConfig | undefined;
  const diagnostics: Diagnostic[] = [];
  if (!config) return { files: new Map(), diagnostics };
  const seen = new Set<string>();
  // Hosts sharing a package meet the same input: each finding is reported once.
  const report: Report = (where, { check, ...finding }) => {
    const position = Array.isArray(where) ? registry.targetsDocument.positionOf(["plugin", ...where]) : where;
    const found = diagnostic(check, { ...finding, position });
    const key = JSON.stringify(found);
    if (!seen.has(key)) diagnostics.push(found);
    seen.add(key);
  };
  const hosts = chosenHosts(config, builtinPluginHosts(), report);
  const input: BuildInput = { registry, tree, config };
  const version = config.version ?? manifest.registry_version;
  const files = new Map<string, Buffer>();
  for (const [archive, members] of byPackage(hosts)) {
    const pkg = assemblePackage(archive, members, input, version, report);
    checkPackage(pkg, input, report);
    const digest = contentDigest(assemblePackage(archive, members, input, "", () => {}));
    files.set(archive, packageZip(pkg));
    for (const host of members) {
      const market = marketplaceOf(host, config, version, digest);
      if (!market) continue;
      checkVersionChanged(market, config, options.previousBuild, report, versionKey(config, registry));
      files.set(market.file, market.bytes);
    }
  }
  if (hasErrors(diagnostics)) return { files: new Map(), diagnostics };
  return { files, diagnostics };
}

function byPackage(hosts: ChosenHost[]): Map<string, ChosenHost[]> {
  const out = new Map<string, ChosenHost[]>();
  for (const host of hosts) out.set(host.package, [...(out.get(host.package) ?? []), host]);
  return out;
}

/** sha256 over the package's paths and bytes, built with an empty version: what a version bump is for. */
function contentDigest(pkg: AssembledPackage): string {
  const names = [...pkg.files.keys()].sort(byCodePoint);
  return sha256(
    names.map((name) => `${name}\n${sha256(pkg.files.get(name)?.bytes ?? Buffer.alloc(0))}\n`).join(""),
  );
}

/** Sorted paths, fixed timestamps; a program stays executable, nothing is a link. */
function packageZip(pkg: AssembledPackage): Buffer {
  const names = [...pkg.files.keys()].sort(byCodePoint);
  const entries = names.map((name) => {
    const file = pkg.files.get(name);
    return { name, bytes: file?.bytes ?? Buffer.alloc(0), mode: file?.executable ? 0o755 : 0o644 };
  });
  return zipInMemory(entries, defaultArchiveLimits);
}

function versionKey(config: PluginConfig, registry: Registry): PluginKey | Position {
  if (config.version !== undefined) return ["version"];
  return registry.targetsDocument.positionOf(["registry_version"]);
}
