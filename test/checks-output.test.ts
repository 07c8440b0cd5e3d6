import type { Fixture } from "../src/checks/check.js";
import { agentsMdAdapter, ruleFile, targetsWith, withBase } from "../src/checks/fixture-base.js";
import { rosterBudgetRespected } from "../src/checks/output/roster-budget-respected.js";
import { checkTable, locate } from "./support/check-harness.js";

const skillsAdapter = {
  id: "team-skills",
  output_dir: ".claude/skills",
  scoped_layout: "per_rule_dir",
  per_rule_filename: "SKILL.md",
  frontmatter: ["---", "name: {slug}", "description: {description}", "---"],
};
const skill = (name: string, description: string, body = "- Steps.") =>
  ruleFile(["scope: scoped", `globs: ["${name}/**"]`, `description: ${description}`], `# ${name}`, [body]);
/** Descriptions of 4, 6 and 2 words. */
const skills: Fixture = {
  "rules/a.md": skill("Alpha", "one two three four"),
  "rules/b.md": skill("Beta", "one two three four five six"),
  "rules/c.md": skill("Gamma", "one two"),
};
const roster = (budget: object, files: Fixture = skills, adapter: object = skillsAdapter) =>
  withBase({ "targets.json": targetsWith([agentsMdAdapter, adapter], { roster_budget: budget }), ...files });
const glob = ".claude/skills/*/SKILL.md";
const over = roster({ owned_words: 11, roster_glob: glob });

checkTable(rosterBudgetRespected, {
  valid: [
    { name: "exactly at the budget", files: roster({ owned_words: 12, roster_glob: glob }) },
    { name: "no roster_glob: nothing to count", files: roster({ owned_words: 0 }) },
    {
      name: "retired skills (dead_marker in the file) are not counted",
      files: roster(
        { owned_words: 6, roster_glob: glob, dead_marker: "DEPRECATED" },
        {
          ...skills,
          "rules/a.md": skill("Alpha", "one two three four", "DEPRECATED: use beta."),
          "rules/c.md": skill("Gamma", "one two", "DEPRECATED."),
        },
      ),
    },
    {
      name: "files outside roster_glob are not counted",
      files: roster({ owned_words: 0, roster_glob: ".cursor/skills/*/SKILL.md" }),
    },
    {
      name: "a template without {description} emits no description",
      files: roster({ owned_words: 0, roster_glob: glob }, skills, {
        ...skillsAdapter,
        frontmatter: ["---", "name: {slug}", "---"],
      }),
    },
  ],
  invalid: [
    {
      name: "one word over, naming the total and the biggest contributors",
      files: over,
      findings: [
        {
          ...locate(over, "targets.json", "11"),
          message:
            "Unexpected 12 words in the descriptions of 3 skills, expected at most owned_words 11; biggest: .claude/skills/beta/SKILL.md (6), .claude/skills/alpha/SKILL.md (4), .claude/skills/gamma/SKILL.md (2)",
        },
      ],
    },
  ],
});
