import { loadCapabilities } from "../../capabilities/load-capabilities.js";
import { loadPackageSkills } from "../../capabilities/load-package-skills.js";
import { type CapabilityPackage, capabilitiesFolder, type PackageSkills } from "../../capabilities/model.js";
import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import { dependenciesResolve } from "../../dependencies/checks/dependencies-resolve.js";
import type { DependencyInput } from "../../dependencies/model.js";
import { diagnostic } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { RegistryReader } from "../../documents/registry-reader.js";
import { layerOrder, prefixDiagnostic, prefixPosition, prefixSkill } from "./layer-paths.js";

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
