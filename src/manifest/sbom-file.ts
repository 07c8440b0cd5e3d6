import type { DependencyInput } from "../dependencies/model.js";
import {
  needsLibrary,
  type SbomInput,
  sbomPath,
  sbomTextWithoutInputs,
} from "../dependencies/sbom/sbom-document.js";
import { emittedSha256 } from "../emit/emitted-sha256.js";
import { type EmittedTree, uniqueFiles } from "../emit/emitted-tree.js";
import type { Registry } from "../registry/model.js";
import { packageVersion } from "../shared/package-version.js";
import { registryVersion } from "./build-manifest.js";
import { composeFragments } from "./compose-fragments.js";

/**
 * The tree with its SBOM: the registry (named by targets.json plugin.name, else "registry") at the
 * version its manifest carries, the https sources and dependencies it used, and every file built.
 */
export async function withSbom(
  registry: Registry,
  tree: EmittedTree,
  dependencies: readonly DependencyInput[],
): Promise<EmittedTree> {
  const built = [...uniqueFiles(tree.files), ...composeFragments(tree.composed)];
  const name = typeof registry.targets.plugin?.name === "string" ? registry.targets.plugin.name : "registry";
  const json = await sbomJsonOf({
    registry: {
      name,
      version: registryVersion(registry, tree),
      ...(registry.targets.bundle_url ? { bundleUrl: registry.targets.bundle_url } : {}),
    },
    sources: registry.fetchedSources ?? [],
    dependencies,
    files: built.map((f) => ({ path: f.path, sha256: emittedSha256(f.bytes) })),
    tool: { name: "agentc", version: packageVersion() },
  });
  return { ...tree, sbom: { path: sbomPath, bytes: Buffer.from(json) } };
}

/** The SBOM's text; the CycloneDX library is loaded only for an SBOM that needs it. */
async function sbomJsonOf(input: SbomInput): Promise<string> {
  if (!needsLibrary(input)) return sbomTextWithoutInputs(input);
  return (await import("../dependencies/sbom/sbom.js")).sbomJson(input);
}
