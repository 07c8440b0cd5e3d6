import type { Verb } from "../../core/model.js";
import type { HooksPack } from "../hooks/model.js";
import type { Section } from "../section.js";
import { emitSkills } from "./emit.js";
import type { SkillsPack } from "./model.js";
import { readPackSkills } from "./read.js";

/** Skills: core/skills as the pack's skill folders, SKILL.md with the client's frontmatter and the files beside it. */
export const skillsSection: Section<SkillsPack> = {
  name: "skills",
  keys: ["skills_dir", "skill_frontmatter"],
  rank: 20,
  matrix: [
    { kind: "skill-tools", title: "Skill tool limits", rank: 20 },
    { kind: "skill-deny", title: "Skill denials", rank: 30 },
    { kind: "skill-trigger", title: "Skill triggers", rank: 40 },
  ],
  items: {
    emit: emitSkills,
    read: readPackSkills,
    loads: { key: "skills", kind: "skill", written: (pack) => ({ dir: pack.skills_dir }) },
  },
  merge: { kind: "skill", verbNames: skillVerbNames },
};

/** A skill's denied tools are named as the client's hooks name them when `deny_tools_from` says so. */
function skillVerbNames(
  pack: SkillsPack & Pick<HooksPack, "hooks">,
  key: string,
): Partial<Record<Verb, string[]>> {
  const format = pack.skill_frontmatter;
  if (key === "deny" && format?.deny_tools_from === "hook_tools") return pack.hooks?.hook_tools ?? {};
  return format?.tool_names ?? {};
}
