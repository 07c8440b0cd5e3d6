import { skillFileName } from "../../core/load-skills.js";
import { maxAssetBytes } from "../../documents/text-file.js";
import { splitPreApprovals } from "../permissions/read-pre-approvals.js";
import { readItemFile } from "../shared/items/item-file.js";
import { itemFolders, skillFolders } from "../shared/items/item-folders.js";
import { baseName, namedItem } from "../shared/items/named-item.js";
import { type ItemReadContext, leftOut, start, unreadable } from "../shared/items/read-context.js";
import { type FieldSpec, reverseFields } from "../shared/items/read-fields.js";
import type { ReadSkill, SkillFrontmatter, SkillsPack } from "./model.js";

/** The context skills are read with: read skills go to `items.skills`. */
type SkillsReadContext = ItemReadContext<{ skills: ReadSkill[] }>;

/**
 * `<skills_dir>/<name>/SKILL.md` and the files beside it → core skills; the same from the other skill folders
 * only this client reads (`also_reads.skill_dirs`), and from subfolders where its read model looks there.
 */
export function readPackSkills(ctx: SkillsReadContext, pack: SkillsPack): void {
  const format = pack.skill_frontmatter;
  if (!pack.skills_dir || !format) return;
  for (const folder of itemFolders(pack, pack.skills_dir, pack.reads?.skills, pack.also_reads?.skill_dirs)) {
    const { dir } = folder;
    for (const path of ctx.reader.list(dir))
      if (ctx.reader.entry(path).kind !== "folder")
        leftOut(
          ctx,
          start(path),
          `${path} is not a skill folder (${dir}/<name>/${skillFileName}): not imported`,
        );
    const { found, unread, empty } = skillFolders(ctx.reader, folder);
    for (const path of empty)
      leftOut(ctx, start(path), `${path} has no ${skillFileName}, so it is no skill: not imported`);
    for (const path of unread)
      leftOut(
        ctx,
        start(path),
        `${path} is a skill in a sub-folder, which ${pack.name} does not load (it reads ${dir}/<name>/${skillFileName}): not imported`,
        `Move the folder to ${dir}/<name> if ${pack.name} should load it; as it is, it stays the project's own file.`,
      );
    for (const { path } of found) readSkill(ctx, pack, format, path);
  }
}

function readSkill(ctx: SkillsReadContext, pack: SkillsPack, format: SkillFrontmatter, folder: string): void {
  const path = `${folder}/${skillFileName}`;
  const item = readItemFile(ctx, path, "markdown");
  if (!item) return;
  const { rest, allow } = splitPreApprovals(ctx, pack, item, format.allow_field);
  const fields = reverseFields(ctx, rest, skillSpec(pack, format, rest.values), {
    deferUnmapped: true,
    ownName: baseName(folder),
  });
  const { neutral } = fields;
  const skill: ReadSkill = {
    ...namedItem(ctx, pack, item, fields, folder),
    ...(fields.tools ? { tools: fields.tools } : {}),
    ...(fields.deny ? { deny: fields.deny } : {}),
    ...(allow.length > 0 ? { allow } : {}),
    ...(fields.userOnly !== undefined ? { userOnly: fields.userOnly } : {}),
    ...(fields.modelOnly !== undefined ? { modelOnly: fields.modelOnly } : {}),
    ...(typeof neutral.model === "string" ? { model: neutral.model } : {}),
    ...(typeof neutral.argument_hint === "string" ? { argumentHint: neutral.argument_hint } : {}),
    ...(typeof neutral.license === "string" ? { license: neutral.license } : {}),
    ...(typeof neutral.compatibility === "string" ? { compatibility: neutral.compatibility } : {}),
    ...(typeof neutral.metadata === "object" ? { metadata: neutral.metadata } : {}),
    body: item.body,
    files: supportingFiles(ctx, folder, path),
    position: start(path),
    ...(fields.unmapped ? { unmapped: fields.unmapped } : {}),
  };
  ctx.items.skills.push(skill);
}

/**
 * Fields the core skill carries that every pack having them spells alike: the Agent Skills standard's
 * (agentskills.io) license, compatibility and metadata, and argument-hint. Read from a skill file of any
 * client, so none is lost to a pack that writes fewer, and written for the clients that read them.
 */
const sharedSkillFields: Partial<Record<string, string>> = {
  argument_hint: "argument-hint",
  license: "license",
  compatibility: "compatibility",
  metadata: "metadata",
};

/**
 * Who may start a skill, as every pack that can say it spells it. A file in a folder of a pack that cannot
 * (`.agents/skills`) is read with these spellings when it holds them, so the core keeps what the file says;
 * where it holds neither, the reading says nothing of it, as the pack cannot.
 */
const sharedInvocation = { model: "disable-model-invocation", user: "user-invocable" } as const;

function skillSpec(pack: SkillsPack, format: SkillFrontmatter, values: Record<string, unknown>): FieldSpec {
  const denyNames =
    format.deny_tools_from === "hook_tools" ? (pack.hooks?.hook_tools ?? {}) : format.tool_names;
  const written = (field: string) => (field in values ? field : null);
  return {
    fields: { ...sharedSkillFields, ...format.fields },
    tools: { field: format.tools_field, names: format.tool_names },
    deny: { field: format.skill_deny_field, names: denyNames },
    ...(format.permissions ? { permissions: format.permissions.field } : {}),
    modelInvocation: {
      field: format.model_invocation_field ?? written(sharedInvocation.model),
      value: format.model_invocation_value ?? true,
    },
    userInvocation: format.user_invocation_field ?? written(sharedInvocation.user),
    triggers: format.triggers_field ?? null,
  };
}

function supportingFiles(ctx: SkillsReadContext, folder: string, skillFile: string): ReadSkill["files"] {
  // the listing leaves out a name that differs from another's only in case (one file on macOS and Windows)
  return ctx.reader.filesBelow(folder).flatMap((path) => {
    if (path === skillFile || ctx.seen.has(path)) return [];
    ctx.seen.add(path);
    const read = ctx.reader.readBytes(path, maxAssetBytes);
    if (!read.ok) {
      if (!read.reported) unreadable(ctx, start(path), `${path} ${read.reason}`);
      return [];
    }
    const entry = ctx.reader.entry(path);
    ctx.files.push({ path, bytes: read.bytes });
    const executable = entry.kind === "file" && entry.executable;
    return [{ path: path.slice(folder.length + 1), bytes: read.bytes, executable }];
  });
}
