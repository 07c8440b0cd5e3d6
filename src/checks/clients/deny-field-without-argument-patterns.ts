import type { ClientPack, SkillFrontmatter } from "../../clients/model.js";
import type { ClientFileOrigin } from "../../emit/emitted-tree.js";
import type { OutputCheck } from "../check.js";
import { clientFiles, emittedFrontmatter } from "./emitted-files.js";
import { clientFixture, exampleSkillFrontmatter } from "./emitted-fixtures.js";

/** A tool name followed by a parenthesised argument: "Bash(git push)", "Bash (rm:*)". */
const argumentPattern = /[A-Za-z_][\w.*-]*\s*\([^)]*\)?/g;

/** The frontmatter field a pack fills with denied tools, for skill and agent files. */
function denyField(pack: ClientPack, kind: ClientFileOrigin["kind"]): string | undefined {
  if (kind === "skill") return pack.skill_frontmatter?.skill_deny_field ?? undefined;
  if (kind === "agent" && pack.agent_frontmatter?.format === "markdown")
    return pack.agent_frontmatter.deny_field ?? undefined;
  return undefined;
}

const deniedSkill = (deny: string) =>
  [
    "---",
    "name: review",
    "description: Reviews the current change.",
    "tools: [read, grep, exec]",
    "permissions:",
    `  deny: [${deny}]`,
    "---",
    "# Review",
    "",
    "Read the diff and report problems.",
    "",
  ].join("\n");

export const denyFieldWithoutArgumentPatterns: OutputCheck = {
  id: "AGC094",
  slug: "deny-field-without-argument-patterns",
  stage: "output",
  severity: "error",
  title: "A generated deny field of a skill or agent holds tool names only",
  description:
    "Clients that take a per-skill or per-agent deny list (disallowed-tools, disallowedTools) match whole tools. An entry with an argument pattern such as Bash(git push) is accepted and then ignored: the command runs without any refusal. A generated deny field must therefore never carry one; such promises belong in the project's permission file, where the client evaluates patterns, and are reported as capability rows.",
  hint: "Fix the client pack so that argument patterns are declared unmapped (skill_deny_unmapped) and never written into the deny field; deny the whole verb if the skill must not use the tool at all.",
  examples: {
    passing: clientFixture({ "core/skills/review/SKILL.md": deniedSkill("edit") }),
    failing: clientFixture(
      { "core/skills/review/SKILL.md": deniedSkill("edit, Exec(git push)") },
      { skill_frontmatter: withoutUnmapped(exampleSkillFrontmatter) },
    ),
  },
  *run(registry, tree) {
    for (const { file, origin, pack } of clientFiles(registry, tree.files)) {
      const field = denyField(pack, origin.kind);
      if (!field) continue;
      const frontmatter = emittedFrontmatter(file);
      if (frontmatter.kind !== "parsed" || !frontmatter.keys.includes(field)) continue;
      const value = frontmatter.yaml.value[field];
      const entries = Array.isArray(value) ? value.map(String) : [String(value)];
      for (const [index, entry] of entries.entries()) {
        const patterns = [...entry.matchAll(argumentPattern)].map((m) => m[0]);
        if (patterns.length === 0) continue;
        yield {
          position: frontmatter.yaml.positionOf(Array.isArray(value) ? [field, index] : [field]),
          message: `${file.path}: ${field} of ${origin.kind} "${origin.name ?? file.path}" holds the argument pattern ${patterns.join(", ")}; ${origin.client} ignores it and lets the call through`,
        };
      }
    }
  },
};

/** The example's skill section without "skill_deny_unmapped": argument patterns then reach the deny field. */
function withoutUnmapped(section: SkillFrontmatter): SkillFrontmatter {
  const { skill_deny_unmapped: _, ...rest } = section;
  return rest;
}
