import type { ClientPack } from "../../clients/model.js";
import { clientFixture } from "../../diagnostics/client-fixture.js";
import type { ClientFileOrigin, EmittedFile } from "../../emit/emitted-tree.js";
import type { OutputCheck } from "../check.js";
import { clientFiles, emittedFrontmatter } from "./emitted-files.js";

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

/** A skill the pack copies as it is (shared_core), with its own deny field. */
const sharedSkill = (deny: string) => ({
  "shared/skills/release/SKILL.md": [
    "---",
    "name: release",
    "description: Prepares a release.",
    `disallowed-tools: ${deny}`,
    "---",
    "# Release",
    "",
    "Tag the version.",
    "",
  ].join("\n"),
});
const sharedSkillMapping = { src: "shared/skills/release/SKILL.md", dst: ".example/skills/release/SKILL.md" };

export const denyFieldWithoutArgumentPatterns: OutputCheck = {
  id: "AGC094",
  slug: "deny-field-without-argument-patterns",
  stage: "output",
  severity: "error",
  title: "A generated deny field of a skill or agent holds tool names only",
  description:
    "Clients that take a per-skill or per-agent deny list (disallowed-tools, disallowedTools) match whole tools. An entry with an argument pattern such as Bash(git push) is accepted and then ignored: the command runs without any refusal. A generated deny field, or one in a skill or agent file the pack copies as it is (shared_core), must therefore never carry one. The compiler reports a core skill's argument-pattern denies as capability rows the client cannot keep instead of writing them; this check catches what reaches the output anyway.",
  hint: "Deny whole tools in the field (Bash, not Bash(git push)) and put command patterns into core/permissions.json; in a client pack, declare argument patterns unmapped (skill_deny_unmapped) rather than writing them.",
  get examples() {
    return {
      passing: clientFixture(
        { "core/skills/review/SKILL.md": deniedSkill("edit, Exec(git push)"), ...sharedSkill("Edit, Write") },
        { shared_core: [sharedSkillMapping] },
      ),
      failing: clientFixture(
        { "core/skills/review/SKILL.md": deniedSkill("edit"), ...sharedSkill("Edit, Bash(git push)") },
        { shared_core: [sharedSkillMapping] },
      ),
      expected: [
        '<build>/.example/skills/release/SKILL.md:4:19: error AGC094 .example/skills/release/SKILL.md: disallowed-tools of skill ".example/skills/release/SKILL.md" (copied from shared/skills/release/SKILL.md) holds the argument pattern Bash(git push); example-client ignores it and lets the call through',
      ],
    };
  },
  *run(registry, tree) {
    for (const { file, origin, pack, kind } of clientFiles(registry, tree.files)) {
      const field = denyField(pack, kind);
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
          message: `${file.path}: ${field} of ${kind} "${origin.name ?? file.path}"${copiedFrom(file)} holds the argument pattern ${patterns.join(", ")}; ${origin.client} ignores it and lets the call through`,
        };
      }
    }
  },
};

function copiedFrom(file: EmittedFile): string {
  return file.source ? ` (copied from ${file.source})` : "";
}
