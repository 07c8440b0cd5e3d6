import { budgetRespected } from "../../src/checks/output/budget-respected.js";
import { outputPathsAgree } from "../../src/checks/output/output-paths-agree.js";
import { rosterBudgetRespected } from "../../src/checks/output/roster-budget-respected.js";
import { symlinkTargetEmitted } from "../../src/checks/output/symlink-target-emitted.js";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import { agentsMdAdapter, ruleFile, targetsWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { scopeExpressedByAdapter } from "../../src/emit/checks/scope-expressed-by-adapter.js";
import { checkTable, locate } from "../support/check-harness.js";

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
const noGlob = roster({ owned_words: 0 });

checkTable(rosterBudgetRespected, {
  valid: [
    { name: "exactly at the budget", files: roster({ owned_words: 12, roster_glob: glob }) },
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
      name: "no roster_glob: nothing is counted, and that is said",
      files: noGlob,
      findings: [
        {
          ...locate(noGlob, "targets.json", '"roster_budget"'),
          severity: "warning",
          message: "roster_budget has no roster_glob, so no skill description is counted",
        },
      ],
    },
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

const flatRules = {
  id: "flat-rules",
  output_dir: ".rules",
  extension: ".md",
  scoped_layout: "flat",
  budget_profile: "scoped",
};
const scopedRule = (bodyLines: string[]) =>
  ruleFile(["scope: scoped", 'globs: ["src/**"]', "description: Source rules."], "# Source", bodyLines);
/** A scoped rule file emitted as heading + blank + body: 2 + n lines. */
const budget = (bodyLines: string[], adapter: object = flatRules) =>
  withBase({
    "targets.json": targetsWith([agentsMdAdapter, adapter]),
    "rules/source.md": scopedRule(bodyLines),
  });
const lines = (n: number) => Array.from({ length: n }, (_, i) => `- line ${i}`);
const tooLong = budget(lines(79));
const tooWordy = budget([Array.from({ length: 199 }, (_, i) => `w${i}`).join(" ")], {
  ...flatRules,
  budget_profile: "global",
});
const longGlobal = withBase({
  "targets.json": targetsWith([agentsMdAdapter]),
  "rules/long.md": ruleFile(["scope: global"], "# Long", lines(100)),
});

checkTable(budgetRespected, {
  valid: [
    { name: "80 lines in a scoped profile", files: budget(lines(78)) },
    {
      name: "199 words in a global profile",
      files: budget([Array.from({ length: 198 }, (_, i) => `w${i}`).join(" ")], {
        ...flatRules,
        budget_profile: "global",
      }),
    },
  ],
  invalid: [
    {
      name: "81 lines, at the rule the file carries",
      files: tooLong,
      findings: [
        {
          ...locate(tooLong, "rules/source.md", "# Source"),
          message: ".rules/source.md has 81 lines, over the scoped budget of 80",
        },
      ],
    },
    {
      name: "200 words in a global profile",
      files: tooWordy,
      findings: [
        {
          ...locate(tooWordy, "rules/source.md", "# Source"),
          message: "has 200 words; the global budget is under 200",
        },
      ],
    },
    {
      name: "an always-on file of several rules, at the adapter",
      files: longGlobal,
      findings: [
        { ...locate(longGlobal, "targets.json", "{", 1), message: "carries code-style, long, skill-router" },
        { ...locate(longGlobal, "targets.json", "{", 1), message: "words" },
      ],
    },
  ],
});

const copy = { ...agentsMdAdapter, id: "agents-copy", global_placement: "pinned_module" };
const differing = withBase({
  "targets.json": targetsWith([
    agentsMdAdapter,
    { ...copy, frontmatter: ["---", "always: {alwaysApply}", "---"] },
  ]),
});

checkTable(outputPathsAgree, {
  valid: [
    {
      name: "two adapters writing identical bytes share the file",
      files: withBase({ "targets.json": targetsWith([agentsMdAdapter, copy]) }),
    },
  ],
  invalid: [
    {
      name: "different bytes, at the second adapter",
      files: differing,
      findings: [
        {
          ...locate(differing, "targets.json", "{", 2),
          message: 'Adapters "agents-md" and "agents-copy" both write AGENTS.md',
        },
      ],
    },
  ],
});

const docsRule = ruleFile(["scope: scoped", 'globs: ["docs/**"]', "description: Docs."], "# Docs", [
  "Short.",
]);
const scopeCase = (adapter: object) =>
  withBase({ "targets.json": targetsWith([agentsMdAdapter, adapter]), "rules/docs.md": docsRule });
const omitted = withBase({ "targets.json": targetsWith([agentsMdAdapter]), "rules/docs.md": docsRule });
const folded = withBase({
  "targets.json": targetsWith([{ ...agentsMdAdapter, scoped_fallback: "fold" }]),
  "rules/docs.md": docsRule,
});
const globsLost = scopeCase({ ...flatRules, frontmatter: ["---", "description: {description}", "---"] });
const skippedRule = scopeCase({
  ...flatRules,
  frontmatter: ["---", "globs: {globs}", "---"],
  skip_globs: ["docs/**"],
});
const globsAt = (files: Fixture) => locate(files, "rules/docs.md", "globs");

checkTable(scopeExpressedByAdapter, {
  valid: [{ name: "global rules only", files: withBase({}) }],
  invalid: [
    {
      name: "omitted by a single-file format",
      files: omitted,
      findings: [{ ...globsAt(omitted), message: "is not written for agents-md" }],
    },
    {
      name: "folded into the always-on file",
      files: folded,
      findings: [{ ...globsAt(folded), message: "is folded into AGENTS.md" }],
    },
    {
      name: "written without globs, plus omitted by agents-md",
      files: globsLost,
      findings: [
        { ...globsAt(globsLost), message: "is written for flat-rules without its globs" },
        { ...globsAt(globsLost), message: "is not written for agents-md" },
      ],
    },
    {
      name: "skipped by skip_globs",
      files: skippedRule,
      findings: [
        { ...globsAt(skippedRule), message: "all its globs are in the adapter's skip_globs" },
        { ...globsAt(skippedRule), message: "is not written for agents-md" },
      ],
    },
  ],
});

const linking = (target: string, extra: object[] = []) =>
  withBase({
    "targets.json": targetsWith([
      { ...agentsMdAdapter, install: { adapter_symlinks: [{ link: "CLAUDE.md", target }] } },
      ...extra,
    ]),
    ...skills,
  });
const dangling = linking("docs/AGENTS.md");
const noGlobalRule = {
  ...linking("AGENTS.md"),
  "sources.json": `${JSON.stringify({ version: 1, sources: [{ name: "custom", kind: "custom", path: "rules", enabled: true }] })}\n`,
  "rules/router.md": skill("Docs", "Use when writing documentation."),
  "rules/code-style.md": skill("Code", "Use when writing code."),
};
const emptyFolder = linking(".cursor/rules");

checkTable(symlinkTargetEmitted, {
  valid: [
    { name: "the always-on file", files: linking("AGENTS.md") },
    { name: "a folder the build writes files into", files: linking(".claude/skills", [skillsAdapter]) },
    { name: "a folder given with a trailing slash", files: linking(".claude/skills/", [skillsAdapter]) },
  ],
  invalid: [
    {
      name: "a file nothing writes",
      files: dangling,
      findings: [
        {
          ...locate(dangling, "targets.json", '"docs/AGENTS.md"'),
          message: 'Unexpected target "docs/AGENTS.md" of the link CLAUDE.md (adapter "agents-md")',
        },
      ],
    },
    {
      name: "the always-on file, when no rule is global: a warning",
      files: noGlobalRule,
      findings: [
        {
          ...locate(noGlobalRule, "targets.json", '"AGENTS.md"', 0),
          severity: "warning",
          message: "points at the always-on file AGENTS.md, which this build does not write",
        },
      ],
    },
    {
      name: "a folder the build writes nothing into",
      files: emptyFolder,
      findings: [
        { ...locate(emptyFolder, "targets.json", '".cursor/rules"'), message: "would be installed dangling" },
      ],
    },
  ],
});
