import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { baseName } from "../shared/posix-path.js";
import { checkPathName, folderHolds, strayEntry } from "./core-names.js";
import type { CoreSkill, SkillTrigger, Verb } from "./model.js";
import { loadNamedMarkdown } from "./named-markdown.js";

export const skillsFolder = "core/skills";
export const skillFileName = "SKILL.md";

interface SkillFrontmatter {
  /** The client packs that compile it, when not every chosen one (read in core-markdown.ts). */
  clients?: string[];
  name: string;
  description: string;
  tools?: Verb[];
  permissions?: unknown;
  triggers?: SkillTrigger[];
  model?: string;
  argument_hint?: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
}

/** core/skills/<name>/SKILL.md, one folder per skill, with its supporting files. */
export function loadSkills(reader: RegistryReader, diagnostics: Diagnostic[]): CoreSkill[] {
  return reader.entries(skillsFolder).flatMap((entry) => {
    if (!entry.isFolder) {
      strayEntry(entry.path, "is a file, not a skill folder", folderHolds.skills, diagnostics);
      return [];
    }
    checkPathName(entry.name, entry.path, diagnostics);
    const skill = loadSkill(reader, entry.path, diagnostics);
    return skill ? [skill] : [];
  });
}

/** One skill folder anywhere in the registry (registry-relative): its SKILL.md named after the folder, and its other files. */
export function loadSkill(
  reader: RegistryReader,
  dir: string,
  diagnostics: Diagnostic[],
): CoreSkill | undefined {
  const folderName = baseName(dir);
  const file = `${dir}/${skillFileName}`;
  if (reader.resolve(file).kind === "missing") {
    strayEntry(dir, `has no ${skillFileName}`, folderHolds.skills, diagnostics);
    return undefined;
  }
  const loaded = loadNamedMarkdown<SkillFrontmatter>(
    reader,
    file,
    "core-skill",
    { name: folderName, what: "folder" },
    diagnostics,
  );
  if (!loaded) return undefined;
  const { located, matter, permissions } = loaded;
  const supportingFiles = reader.filesBelow(dir, { leaveOutSecrets: true }).filter((path) => path !== file);
  return { ...located, ...fromFrontmatter(matter), dir, permissions, supportingFiles };
}

function fromFrontmatter(matter: SkillFrontmatter) {
  return {
    name: matter.name,
    description: matter.description,
    ...(matter.tools ? { tools: matter.tools } : {}),
    triggers: matter.triggers ?? (["user", "model"] as SkillTrigger[]),
    ...(matter.model ? { model: matter.model } : {}),
    ...(matter.argument_hint ? { argumentHint: matter.argument_hint } : {}),
    ...(matter.license ? { license: matter.license } : {}),
    ...(matter.compatibility ? { compatibility: matter.compatibility } : {}),
    ...(matter.metadata ? { metadata: matter.metadata } : {}),
  };
}
