import { hookLine } from "../capabilities/capability-hooks.js";
import { componentId } from "../capabilities/capability-slug.js";
import { type CapabilityPackage, isRuntimeRequirement } from "../capabilities/model.js";
import { packageContents } from "../capabilities/package-contents.js";
import { homePath, instancePath, projectSkillPath } from "../emit/capabilities/emit-capabilities.js";
import type { EmittedFile } from "../emit/emitted-tree.js";
import { pair, pairSeparator } from "../shared/line-codec.js";
import type { CapabilityInstall, ComponentInstall } from "./manifest-model.js";

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The component of a package: it owns its home, each of its skills in the project and each agent instance
 * whole, and is never required.
 */
export function capabilityComponent(pkg: CapabilityPackage, files: EmittedFile[]): ComponentInstall {
  const contents = packageContents(pkg);
  const instances = contents.agents.map((agent) => instancePath(agent.name));
  const skills = contents.skills.map((skill) => projectSkillPath(skill.name));
  return ownedFoldersComponent([homePath(pkg), ...skills, ...instances], pkg.manifest.capability, files);
}

/** A package's skills compiled for one client pack: each skill folder owned whole, with both components. */
export function jointComponent(
  pkg: CapabilityPackage,
  pack: { client: string; name: string },
  files: EmittedFile[],
): ComponentInstall {
  const skillFolders = files
    .filter((f) => f.client?.kind === "skill")
    .map((f) => f.path.slice(0, f.path.lastIndexOf("/")));
  const agentFiles = files.filter((f) => f.client?.kind === "agent").map((f) => f.path);
  return {
    ...ownedFoldersComponent(
      [...new Set(skillFolders)],
      `${pkg.manifest.capability} for ${pack.name}`,
      files,
    ),
    owned_files: agentFiles.sort(byCodePoint),
    composed: [],
    with: [componentId(pkg.slug), pack.client],
  };
}

/** An optional component that owns whole folders and nothing else; its programs keep the executable bit. */
function ownedFoldersComponent(dirs: string[], name: string, files: EmittedFile[]): ComponentInstall {
  return {
    owned_dirs: [...dirs].sort(byCodePoint),
    owned_files: [],
    symlinks: [],
    seeds: [],
    preserve: [],
    remove: [],
    scaffold_dirs: [],
    required: false,
    name,
    executables: files
      .filter((f) => f.executable)
      .map((f) => f.path)
      .sort(byCodePoint),
  };
}

export function capabilityInstall(pkg: CapabilityPackage): CapabilityInstall {
  return {
    id: pkg.manifest.capability,
    version: pkg.manifest.version,
    home: homePath(pkg),
    layer: pkg.manifest.layer ?? "",
    environment: [...new Set(pkg.manifest.environment ?? [])].sort(byCodePoint),
    hooks: pkg.hooks.map(hookLine),
    ...runtimePackages(pkg),
  };
}

/** The runtime package requirements as lines, the why last so that it may hold anything. */
function runtimePackages(pkg: CapabilityPackage): Pick<CapabilityInstall, "runtime_packages"> {
  const oneLine = (text: string | undefined) =>
    (text ?? "").replace(/\s+/g, " ").replaceAll(pairSeparator, " : ").trim();
  const lines = (pkg.manifest.requires ?? []).flatMap((r) =>
    isRuntimeRequirement(r)
      ? [pair(r.runtime, oneLine(r.package), oneLine(r.install), oneLine(r.marketplace), oneLine(r.why))]
      : [],
  );
  return lines.length > 0 ? { runtime_packages: lines } : {};
}

/** The host commands the packages require, "command :: install", for the installer's tool check. */
export function capabilityTools(packages: readonly CapabilityPackage[]): string[] {
  return packages.flatMap((pkg) =>
    (pkg.manifest.requires ?? []).flatMap((requirement) =>
      isRuntimeRequirement(requirement) ? [] : [pair(requirement.command, requirement.install ?? "")],
    ),
  );
}

/** Why the packages need each host command, "command :: why", first package first. */
export function capabilityToolPurposes(packages: readonly CapabilityPackage[]): string[] {
  const seen = new Set<string>();
  return packages.flatMap((pkg) =>
    (pkg.manifest.requires ?? []).flatMap((requirement) => {
      if (isRuntimeRequirement(requirement) || seen.has(requirement.command)) return [];
      seen.add(requirement.command);
      return [pair(requirement.command, requirement.why.replace(/\s+/g, " ").trim())];
    }),
  );
}
