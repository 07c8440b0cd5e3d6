import { agentPacks } from "../../capabilities/agent-packs.js";
import { jointComponentId } from "../../capabilities/capability-slug.js";
import { skillPacks } from "../../capabilities/skill-packs.js";
import type { CoreSkill } from "../../core/model.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { emitAgentList } from "../../packs/agents/emit.js";
import { cannotWarnings } from "../../packs/shared/checks/client-cannot-express.js";
import { emitSkillList } from "../../packs/skills/emit.js";
import type { Registry } from "../../registry/model.js";
import type { EmittedFile } from "../emitted-tree.js";

/**
 * Pure: each package's agents through each client pack with subagents, and its skills through each client pack
 * with a skills folder of its own, as the pack writes core agents and skills. The files belong to the joint
 * component of the package and the pack.
 */
export function emitClientSkills(registry: Registry): { files: EmittedFile[]; diagnostics: Diagnostic[] } {
  const files: EmittedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const { pkg, agents } of registry.packageAgents ?? []) {
    for (const client of agentPacks(registry.clients)) {
      const part = emitAgentList({ client, pack: client.pack, registry }, agents);
      const component = jointComponentId(pkg.slug, client.pack.client);
      const source = (name: string | undefined) => agents.find((a) => a.name === name)?.file;
      files.push(
        ...part.files.map((file) => ({ ...file, component, source: source(file.client?.name) ?? file.path })),
      );
      diagnostics.push(...part.diagnostics, ...cannotWarnings(client, part.capabilities, part.diagnostics));
    }
  }
  for (const { pkg, skills } of registry.packageSkills ?? []) {
    for (const client of skillPacks(registry.clients)) {
      const part = emitSkillList({ client, pack: client.pack, registry }, skills);
      const component = jointComponentId(pkg.slug, client.pack.client);
      files.push(
        ...part.files.map((file) => ({ ...file, component, source: sourceOf(file, part.files, skills) })),
      );
      diagnostics.push(...part.diagnostics, ...cannotWarnings(client, part.capabilities, part.diagnostics));
    }
  }
  return { files, diagnostics };
}

/** The package file an emitted skill file comes from (registry-relative): its skill folder's file at the same place. */
function sourceOf(file: EmittedFile, emitted: readonly EmittedFile[], skills: readonly CoreSkill[]): string {
  const skill = skills.find((s) => s.name === file.client?.name);
  const skillFile = emitted.find((f) => f.client?.kind === "skill" && f.client.name === skill?.name);
  if (!skill || !skillFile) return file.path;
  const folder = skillFile.path.slice(0, skillFile.path.lastIndexOf("/"));
  return file === skillFile ? skill.file : `${skill.dir}/${file.path.slice(folder.length + 1)}`;
}
