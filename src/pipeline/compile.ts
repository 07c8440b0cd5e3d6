import { join } from "node:path";
import type { OutputCheck, RegistryCheck } from "../checks/check.js";
import { compileChecks } from "../checks/index.js";
import type { DependencyInput } from "../dependencies/model.js";
import { capRepeats } from "../diagnostics/cap-repeats.js";
import { diagnostic } from "../diagnostics/check-meta.js";
import { type Diagnostic, hasErrors, sortDiagnostics } from "../diagnostics/diagnostic.js";
import { emitRegistry } from "../emit/emit-registry.js";
import type { EmittedTree } from "../emit/emitted-tree.js";
import { buildManifest } from "../manifest/build-manifest.js";
import type { Manifest } from "../manifest/manifest-model.js";
import { buildPlugin } from "../plugin/build-plugin.js";
import { settleLosses } from "../registry/accepted-losses.js";
import { acceptedLossFindings } from "../registry/checks/accepted-loss-matches.js";
import { coverFormatLosses } from "../registry/covered-losses.js";
import { type LoadOptions, type LoadResult, loadRegistry } from "../registry/load-registry.js";
import type { Registry } from "../registry/model.js";

export interface CompileResult {
  registry?: Registry;
  tree?: EmittedTree;
  manifest?: Manifest;
  /** The plugin packages and marketplace files when targets.json configures "plugin" (written beside manifest.json). */
  plugin?: Map<string, Buffer>;
  diagnostics: Diagnostic[];
  ok: boolean;
  /** The registry's dependencies as resolved, and the agentc.lock they need. */
  dependencies?: LoadResult["dependencies"];
}

export interface CompileOptions extends LoadOptions {
  /** The previous build folder, which the plugin's version check reads; default <registry>/build. */
  previousBuild?: string;
  /** Client losses the registry does not accept are errors (as targets.json strict_losses). */
  strict?: boolean;
  /** The resolved inputs from outside the registry, for the SBOM. */
  dependencies?: readonly DependencyInput[];
  /** false: no SBOM (for a command that only checks, so it does not load the CycloneDX library). */
  sbom?: boolean;
}

/** The tree with its SBOM; the SBOM's module and the CycloneDX library load only when one is made. */
async function withSbom(
  registry: Registry,
  tree: EmittedTree,
  dependencies: readonly DependencyInput[],
): Promise<EmittedTree> {
  const { withSbom: made } = await import("../manifest/sbom-file.js");
  return made(registry, tree, dependencies);
}

/** load → check → emit → check output → manifest → plugin. No file is written here. */
export async function compileRegistry(dir: string, options: CompileOptions = {}): Promise<CompileResult> {
  const loaded = await loadRegistry(dir, options);
  const diagnostics = [...loaded.diagnostics];
  const registry = loaded.registry;
  const dependencies = loaded.dependencies ? { dependencies: loaded.dependencies } : {};
  if (!registry) return finish({ diagnostics, ...dependencies });
  for (const check of compileChecks.filter((c): c is RegistryCheck => c.stage === "registry")) {
    for (const finding of check.run(registry)) diagnostics.push(diagnostic(check, finding));
  }
  const { tree, diagnostics: emitted } = emitRegistry(registry);
  diagnostics.push(...emitted);
  const outputChecks = compileChecks.filter((c): c is OutputCheck => c.stage === "output");
  for (const check of outputChecks) {
    for (const finding of check.run(registry, tree)) diagnostics.push(diagnostic(check, finding));
  }
  const present = new Set(registry.adapters.map((a) => a.adapter.id));
  const covered = coverFormatLosses(diagnostics, registry.targets.assistants, present);
  diagnostics.splice(0, diagnostics.length, ...settleLosses(covered, registry.targets, options.strict));
  // AGC131 once every loss is known, the plugin's included.
  const settled = () => [...diagnostics, ...acceptedLossFindings(registry, diagnostics)];
  if (hasErrors(diagnostics)) return finish({ registry, tree, diagnostics: settled(), ...dependencies });
  const inputs = options.dependencies ?? loaded.dependencies?.inputs ?? [];
  const built = options.sbom === false ? tree : await withSbom(registry, tree, inputs);
  const manifest = buildManifest(registry, built);
  const plugin = buildPlugin(registry, built, manifest, {
    previousBuild: options.previousBuild ?? join(registry.root, "build"),
  });
  diagnostics.push(...settleLosses(plugin.diagnostics, registry.targets, options.strict));
  if (hasErrors(diagnostics)) return finish({ registry, tree, diagnostics: settled(), ...dependencies });
  return finish({
    ...dependencies,
    registry,
    tree: built,
    manifest,
    diagnostics: settled(),
    ...(plugin.files.size > 0 ? { plugin: plugin.files } : {}),
  });
}

function finish(result: Omit<CompileResult, "ok">): CompileResult {
  const diagnostics = capRepeats(sortDiagnostics(result.diagnostics));
  return { ...result, diagnostics, ok: !hasErrors(diagnostics) };
}
