import type { LoadedClientPack } from "../clients/loaded-client-pack.js";
import { loadSkill } from "../core/load-skills.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import type { CapabilityPackage, PackageSkills } from "./model.js";
import { packageContents } from "./package-contents.js";
import { skillPacks } from "./skill-packs.js";

/**
 * Each package skill read as a core skill (its SKILL.md checked like one of core/skills/), when a client pack
 * compiles them; their supporting files go to `files` (registry-relative), those executable on disk to
 * `executables`, as for core skills.
 */
export function loadPackageSkills(
  reader: RegistryReader,
  packages: readonly CapabilityPackage[],
  clients: readonly LoadedClientPack[],
  registryFiles: { files: Map<string, Buffer>; executables: Set<string> },
  diagnostics: Diagnostic[],
): PackageSkills[] {
  if (skillPacks(clients).length === 0) return [];
  return packages.map((pkg) => {
    const inPackage = reader.fenced(pkg.dir);
    const skills = packageContents(pkg).skills.flatMap((folder) => {
      const skill = loadSkill(inPackage, `${pkg.dir}/${folder.dir}`, diagnostics);
      return skill ? [skill] : [];
    });
    for (const path of skills.flatMap((skill) => skill.supportingFiles)) {
      const bytes = pkg.files.get(path.slice(pkg.dir.length + 1));
      if (bytes) registryFiles.files.set(path, bytes);
      if (inPackage.isExecutable(path)) registryFiles.executables.add(path);
    }
    return { pkg, skills };
  });
}
