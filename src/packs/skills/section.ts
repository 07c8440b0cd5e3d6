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
};
