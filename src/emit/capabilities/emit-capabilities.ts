import { componentId } from "../../capabilities/capability-slug.js";
import { withInject } from "../../capabilities/instance-text.js";
import {
  type CapabilityPackage,
  homeFolder,
  instanceSkillsFolder,
  instancesFolder,
} from "../../capabilities/model.js";
import { filesBelow, packageContents } from "../../capabilities/package-contents.js";
import type { EmittedFile } from "../emitted-tree.js";

/**
 * Pure: every package copied byte for byte into its home, its skills into the project's shared skills folder
 * (where the project itself is the instance), and an instance for each of its agents.
 */
export function emitCapabilities(packages: readonly CapabilityPackage[]): EmittedFile[] {
  return packages.flatMap((pkg) => [...homeFiles(pkg), ...projectSkillFiles(pkg), ...instanceFiles(pkg)]);
}

/** The project folder of a package skill: the shared skills folder that most assistants read. */
export function projectSkillPath(skill: string): string {
  return `${instanceSkillsFolder}/${skill}`;
}

export function homePath(pkg: CapabilityPackage): string {
  return `${homeFolder}/${pkg.slug}`;
}

export function instancePath(agent: string): string {
  return `${instancesFolder}/${agent}`;
}

function homeFiles(pkg: CapabilityPackage): EmittedFile[] {
  const programs = new Set(packageContents(pkg).programs);
  return [...pkg.files].map(([path, bytes]) =>
    capabilityFile(pkg, `${homePath(pkg)}/${path}`, bytes, path, programs.has(path)),
  );
}

function projectSkillFiles(pkg: CapabilityPackage): EmittedFile[] {
  return skillFiles(pkg, "");
}

/** Every file of every package skill, below `<prefix>.agents/skills/<skill>/`. */
function skillFiles(pkg: CapabilityPackage, prefix: string): EmittedFile[] {
  return packageContents(pkg).skills.flatMap((skill) =>
    filesBelow(pkg, skill.dir).map((path) =>
      capabilityFile(
        pkg,
        `${prefix}${projectSkillPath(skill.name)}/${path.slice(skill.dir.length + 1)}`,
        pkg.files.get(path) ?? Buffer.alloc(0),
        path,
      ),
    ),
  );
}

/** soul.yaml as it is, AGENTS.md with the package's inject text below it, and the package's skills. */
function instanceFiles(pkg: CapabilityPackage): EmittedFile[] {
  const { agents, inject } = packageContents(pkg);
  const injected = inject === undefined ? undefined : pkg.files.get(inject);
  return agents.flatMap((agent) => {
    const folder = instancePath(agent.name);
    const soul = (name: string) => pkg.files.get(`${agent.dir}/${name}`) ?? Buffer.alloc(0);
    return [
      capabilityFile(
        pkg,
        `${folder}/AGENTS.md`,
        withInject(soul("AGENTS.md"), injected),
        `${agent.dir}/AGENTS.md`,
      ),
      capabilityFile(pkg, `${folder}/soul.yaml`, soul("soul.yaml"), `${agent.dir}/soul.yaml`),
      ...skillFiles(pkg, `${folder}/`),
    ];
  });
}

function capabilityFile(
  pkg: CapabilityPackage,
  path: string,
  bytes: Buffer,
  source: string,
  executable = false,
): EmittedFile {
  return {
    path,
    bytes,
    component: componentId(pkg.slug),
    role: "asset",
    rules: [],
    executable,
    source: `${pkg.dir}/${source}`,
  };
}
