import { skillFileName } from "../../core/load-skills.js";
import type { CoreSkill } from "../../core/model.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { joinPath } from "../../shared/posix-path.js";
import { permissionFields } from "../permissions/frontmatter.js";
import type { PermissionsPack } from "../permissions/model.js";
import { preApprovals } from "../permissions/pre-approvals.js";
import { agentStartNames } from "../shared/agent-start-tools.js";
import { coreItemName } from "../shared/items/core-item-name.js";
import {
  capability,
  emptyPart,
  type ItemEmitContext,
  type PartEmission,
} from "../shared/items/emit-context.js";
import { emitItems, type ItemKind, type ItemPlace } from "../shared/items/emit-items.js";
import {
  type Fields,
  type FieldValue,
  fieldsNotWritten,
  yamlFrontmatter,
} from "../shared/items/frontmatter.js";
import { mappedFields } from "../shared/items/mapped-fields.js";
import { bodyText, copiedBytes, ownedFile } from "../shared/items/owned-file.js";
import { denyList, toolLimit } from "../shared/items/tool-lists.js";
import type { SkillFrontmatter, SkillsPack } from "./model.js";

/**
 * What the section's emitter reads: its keys, the rule form of the pack's permissions, and the other packs
 * that read a skills folder through a link the projects keep (targets.json project_links).
 */
type Ctx = ItemEmitContext<SkillsPack & PermissionsPack> & {
  linkedReaders?(kind: "skills", folder: string): readonly (SkillsPack & PermissionsPack)[];
};

/** core/skills/<name>/ → <skills_dir>/<prefix><name>/SKILL.md plus its supporting files. */
export function emitSkills(ctx: Ctx): PartEmission {
  return emitSkillList(ctx, ctx.registry.core.skills);
}

/** Skills in the core model (from core/ or elsewhere in the registry), as the pack writes core skills. */
export function emitSkillList(ctx: Ctx, skills: readonly CoreSkill[]): PartEmission {
  return emitItems(ctx, skills, skillKind);
}

const skillKind: ItemKind<CoreSkill, SkillFrontmatter, Ctx> = {
  place: "skills dir",
  placeOf: (pack) => ({ dir: pack.skills_dir, format: pack.skill_frontmatter }),
  unplaced: (skill) => ({
    kind: "skill-trigger",
    promise: `skill ${skill.name} can be started`,
    source: skill.positionOf(["name"]),
  }),
  write: writeSkill,
};

function writeSkill(
  ctx: Ctx,
  skill: CoreSkill,
  { dir: skillsDir, format }: ItemPlace<SkillFrontmatter>,
  out: PartEmission,
): void {
  const name = coreItemName(ctx.pack, skill.name);
  const dir = joinPath(skillsDir, name);
  const fields = [
    ...neutralFields(ctx, skill, name, format, out.diagnostics),
    ...limits(ctx, skill, format, out),
  ];
  fields.push(...linkedReadersFields(ctx, skill, name, skillsDir, fields));
  const text = `${yamlFrontmatter(fields)}${bodyText(ctx, skill.body)}`;
  out.files.push(
    ownedFile(ctx, `${dir}/${skillFileName}`, text, {
      kind: "skill",
      name: skill.name,
      alwaysLoaded: false,
    }),
  );
  for (const path of skill.supportingFiles) {
    const bytes = ctx.registry.files.get(path);
    if (!bytes) continue;
    const target = `${dir}/${path.slice(skill.dir.length + 1)}`;
    const origin = { kind: "skill-file" as const, name: skill.name, alwaysLoaded: false };
    const executable = ctx.registry.executableFiles?.has(path) ?? false;
    out.files.push({ ...ownedFile(ctx, target, copiedBytes(ctx, bytes), origin), executable });
  }
}

/**
 * The fields of the packs reading `dir` through a link of the project (one pack's `argument-hint` and tool
 * list in another's skills folder), each not written yet, as each would write them: every reader starts the
 * skill as it says. What a reader cannot express is its own pack's loss, reported where it writes skills.
 */
function linkedReadersFields(ctx: Ctx, skill: CoreSkill, name: string, dir: string, written: Fields): Fields {
  const theirs = (ctx.linkedReaders?.("skills", dir) ?? []).map((pack) => {
    const format = pack.skill_frontmatter;
    if (!format) return [];
    const reader = { ...ctx, pack };
    return [...neutralFields(reader, skill, name, format, []), ...limits(reader, skill, format, emptyPart())];
  });
  return fieldsNotWritten(written, theirs);
}

/** name, description, argument_hint, model, license, compatibility, metadata under the client's field names. */
function neutralFields(
  ctx: Ctx,
  skill: CoreSkill,
  name: string,
  format: SkillFrontmatter,
  diagnostics: Diagnostic[],
): Fields {
  const values: [keyof SkillFrontmatter["fields"], FieldValue | undefined][] = [
    ["name", name],
    ["description", skill.description],
    ["argument_hint", skill.argumentHint],
    ["model", skill.model],
    ["license", skill.license],
    ["compatibility", skill.compatibility],
    ["metadata", skill.metadata ? { map: skill.metadata } : undefined],
  ];
  return mappedFields(
    ctx,
    { label: `skill ${skill.name}`, source: skill },
    values,
    format.fields,
    diagnostics,
  );
}

/** Tool limit, deny list and who may start the skill. */
function limits(ctx: Ctx, skill: CoreSkill, format: SkillFrontmatter, out: PartEmission): Fields {
  const label = `skill ${skill.name}`;
  const fields: Fields = [];
  if (skill.tools) {
    const target = { field: format.tools_field, format: format.tools_format, names: format.tool_names };
    const limit = toolLimit(
      ctx,
      { label, kind: "skill-tools" },
      skill.tools,
      skill.positionOf(["tools"]),
      target,
    );
    fields.push(...limit.fields);
    out.capabilities.push(...limit.capabilities);
  }
  if (format.permissions) {
    const owner = { label, kind: "skill-deny", basis: "/skill_frontmatter/permissions" } as const;
    const rules = permissionFields(ctx, owner, skill, { ...format.permissions, tools_as_denials: false });
    fields.push(...rules.fields);
    out.capabilities.push(...rules.capabilities);
    fields.push(...invocation(ctx, skill, format, out));
    return fields;
  }
  const names = agentStartNames(
    ctx.pack,
    format.deny_tools_from === "hook_tools" ? (ctx.pack.hooks?.hook_tools ?? {}) : format.tool_names,
  );
  const patternReason =
    format.skill_deny_unmapped === "argument_patterns"
      ? `${ctx.pack.name} silently ignores argument patterns in ${format.skill_deny_field}; only the project-wide permissions can hold this rule`
      : `${ctx.pack.name} has no per-skill field for argument patterns`;
  const target = {
    field: format.skill_deny_field,
    format: format.tools_format,
    names,
    patternReason,
    ...(format.skill_deny_limits ? { limits: format.skill_deny_limits } : {}),
  };
  const deny = denyList(ctx, { label, kind: "skill-deny" }, skill.permissions, target);
  const allow = preApprovals(ctx, { label, kind: "skill-deny" }, skill.permissions.allow, format.allow_field);
  fields.push(...deny.fields, ...allow.fields);
  out.capabilities.push(...deny.capabilities, ...allow.capabilities);
  fields.push(...invocation(ctx, skill, format, out));
  return fields;
}

function invocation(ctx: Ctx, skill: CoreSkill, format: SkillFrontmatter, out: PartEmission): Fields {
  const source = skill.positionOf(["triggers"]);
  const fields: Fields = [];
  const only = (who: string, field: string | null | undefined, value: boolean) => {
    const promise = `skill ${skill.name} is started only by ${who}`;
    if (!field) {
      out.capabilities.push(
        capability(
          ctx,
          "skill-trigger",
          promise,
          source,
          "cannot",
          `${ctx.pack.name} has no field for it`,
          `/skill_frontmatter/${who === "the person" ? "model_invocation_field" : "user_invocation_field"}`,
        ),
      );
      return;
    }
    fields.push([field, value]);
    out.capabilities.push(capability(ctx, "skill-trigger", promise, source, "enforced"));
  };
  if (format.triggers_field && !(skill.triggers.includes("model") && skill.triggers.includes("user")))
    return triggersList(ctx, skill, format.triggers_field, out);
  if (!skill.triggers.includes("model"))
    only("the person", format.model_invocation_field, format.model_invocation_value ?? true);
  if (!skill.triggers.includes("user")) only("the model", format.user_invocation_field, false);
  return fields;
}

/** The core's triggers as the client's own list (triggers: [user]): one row per narrowed promise. */
function triggersList(ctx: Ctx, skill: CoreSkill, field: string, out: PartEmission): Fields {
  const source = skill.positionOf(["triggers"]);
  const only = (who: string) =>
    capability(ctx, "skill-trigger", `skill ${skill.name} is started only by ${who}`, source, "enforced");
  if (!skill.triggers.includes("model")) out.capabilities.push(only("the person"));
  if (!skill.triggers.includes("user")) out.capabilities.push(only("the model"));
  return [[field, { list: [...skill.triggers], format: "list" }]];
}
