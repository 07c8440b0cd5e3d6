import picomatch from "picomatch";
import { agentsMdAdapter, ruleFile, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { yamlMapping } from "../../documents/yaml-frontmatter.js";
import type { EmittedFile } from "../../emit/emitted-tree.js";
import type { RosterBudget } from "../../registry/model.js";
import type { OutputCheck } from "../check.js";
import { countWords } from "./budget-respected.js";

const skillsAdapter = {
  id: "team-skills",
  output_dir: ".claude/skills",
  scoped_layout: "per_rule_dir",
  per_rule_filename: "SKILL.md",
  frontmatter: ["---", "name: {slug}", "description: {description}", "---"],
};
const skillRule = (name: string, description: string) =>
  ruleFile([`scope: scoped`, `globs: ["${name}/**"]`, `description: ${description}`], `# ${name}`, [
    "- Steps.",
  ]);
const roster = (ownedWords: number) =>
  withBase({
    "targets.json": targetsWith([agentsMdAdapter, skillsAdapter], {
      roster_budget: {
        owned_words: ownedWords,
        roster_glob: ".claude/skills/*/SKILL.md",
        dead_marker: "DEPRECATED",
      },
    }),
    "rules/deploy.md": skillRule("Deploy", "Use when deploying the service to staging or production."),
    "rules/migrate.md": skillRule("Migrate", "Use when writing a database migration."),
  });

export interface Contribution {
  path: string;
  words: number;
}

export const rosterBudgetRespected: OutputCheck = {
  id: "AGC027",
  slug: "roster-budget-respected",
  stage: "output",
  severity: "error",
  title: "The descriptions of the registry's own skills must fit roster_budget.owned_words",
  description:
    "Assistants load the description of every installed skill into every session. roster_budget.owned_words caps the words of the descriptions this registry emits (files matching roster_glob; files containing dead_marker are retired and not counted). The vendor share is only checked at install. A roster_budget without roster_glob counts nothing, which is reported as a warning rather than skipped in silence.",
  hint: "Shorten the biggest descriptions to say only when the skill applies, retire skills, or raise owned_words.",
  get examples() {
    return {
      passing: roster(30),
      failing: roster(10),
      expected: [
        "targets.json:29:20: error AGC027 Unexpected 15 words in the descriptions of 2 skills, expected at most owned_words 10; biggest: .claude/skills/deploy/SKILL.md (9), .claude/skills/migrate/SKILL.md (6)",
      ],
    };
  },
  *run(registry, tree) {
    const budget = registry.targets.roster_budget;
    if (!budget) return;
    if (!budget.roster_glob) {
      yield {
        position: registry.targetsDocument.positionOf(["roster_budget"], "key"),
        severity: "warning",
        message:
          "roster_budget has no roster_glob, so no skill description is counted: neither this registry's against owned_words nor, at install, other tools' against vendor_reserve_words",
        hint: 'Add roster_glob, the skills\' files as installed (e.g. ".claude/skills/*/SKILL.md").',
      };
      return;
    }
    const counted = rosterFiles(tree.files, budget).map(contribution);
    const total = counted.reduce((sum, c) => sum + c.words, 0);
    if (total <= budget.owned_words) return;
    const biggest = [...counted]
      .sort((a, b) => b.words - a.words || (a.path < b.path ? -1 : 1))
      .slice(0, 3)
      .map((c) => `${c.path} (${c.words})`);
    yield {
      position: registry.targetsDocument.positionOf(["roster_budget", "owned_words"]),
      message: `Unexpected ${total} words in the descriptions of ${counted.length} skills, expected at most owned_words ${budget.owned_words}; biggest: ${biggest.join(", ")}`,
    };
  },
};

export function rosterFiles(files: readonly EmittedFile[], budget: RosterBudget): EmittedFile[] {
  const matches = picomatch(budget.roster_glob ?? "", { dot: true });
  const seen = new Set<string>();
  return files.filter((file) => {
    if (seen.has(file.path) || !matches(file.path)) return false;
    seen.add(file.path);
    return !(budget.dead_marker && file.bytes.toString("utf8").includes(budget.dead_marker));
  });
}

export function contribution(file: EmittedFile): Contribution {
  return { path: file.path, words: countWords(frontmatterDescription(file.bytes.toString("utf8"))) };
}

/** The description field of a file's YAML frontmatter, or "" when there is none. */
export function frontmatterDescription(text: string): string {
  const match = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(text);
  if (!match) return "";
  const description = yamlMapping(match[1] ?? "")?.description;
  return typeof description === "string" ? description : "";
}
