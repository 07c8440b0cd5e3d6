import type { Finding } from "../../diagnostics/check-meta.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import type { EmittedFile } from "../../emit/emitted-tree.js";
import { importedReason, type Limit, type ProfileLimits, profileLimits } from "../../registry/budgets.js";
import type { Adapter, Registry } from "../../registry/model.js";
import { countLinesOfBytes, countWords } from "../../shared/text-budget.js";
import type { OutputCheck } from "../check.js";
import { adapterPosition } from "./output-paths-agree.js";

export { budgetProfiles, countLines, countLinesOfBytes, countWords } from "../../shared/text-budget.js";

const longRule = `---\nscope: global\n---\n# Long Rule\n\n${Array.from({ length: 120 }, (_, i) => `- item ${i}`).join("\n")}\n`;

export const budgetRespected: OutputCheck = {
  id: "AGC026",
  slug: "budget-respected",
  stage: "output",
  severity: "error",
  title: "Emitted files must stay within their adapter's budget profile",
  description:
    "Always-on text costs context in every request. budget_profile 'global' allows at most 100 lines and under 200 words per file; 'scoped' allows at most 80 lines per file. A registry whose text needs more sets its own limits in targets.json budgets, each with its reason (agentc import writes the project's measured size there).",
  hint: "Split the rule, move detail into a scoped rule or a skill, or cut text; or, knowingly, set the registry's own limit in targets.json budgets with its reason.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({ "targets.json": targetsWith([agentsMdAdapter]), "rules/long.md": longRule }),
      expected: [
        "targets.json:5:5: error AGC026 AGENTS.md has 132 lines, over the global budget of 100 (carries code-style, long-rule, skill-router)",
        "targets.json:5:5: error AGC026 AGENTS.md has 253 words; the global budget is under 200 (carries code-style, long-rule, skill-router)",
      ],
    };
  },
  *run(registry, tree) {
    const profiles = adapterBudgetProfiles(registry);
    const limitsOf = {
      global: profileLimits(registry.targets, "global"),
      scoped: profileLimits(registry.targets, "scoped"),
    };
    for (const file of tree.files) {
      if (file.role !== "always-on" && file.role !== "scoped") continue;
      const profile = profiles.get(file.component);
      if (!profile) continue;
      const found = overBudget(file, profile, limitsOf[profile], {
        ownLimit: (unit) => registry.targetsDocument.positionOf(["budgets", profile, limitKeys[unit]]),
        adapter: () => adapterPosition(registry, file.component),
      });
      if (found.length > 0) yield* found;
    }
  },
};

/** Each adapter id's budget profile (the first adapter of an id decides). */
export function adapterBudgetProfiles(registry: Registry): Map<string, Adapter["budget_profile"]> {
  const profiles = new Map<string, Adapter["budget_profile"]>();
  for (const { adapter } of registry.adapters)
    if (!profiles.has(adapter.id)) profiles.set(adapter.id, adapter.budget_profile);
  return profiles;
}

/** A file's findings; the same empty list for the thousands of files within their budget. */
function overBudget(
  file: EmittedFile,
  profile: "global" | "scoped",
  limits: ProfileLimits,
  where: { ownLimit: (unit: keyof ProfileLimits) => Position; adapter: () => Position },
): readonly Finding[] {
  const lines = countLinesOfBytes(file.bytes);
  const words = Number.isFinite(limits.words.value) ? countWords(file.bytes.toString("utf8")) : 0;
  if (lines <= limits.lines.value && words <= limits.words.value) return withinBudget;
  // at the registry's own limit, where it can be raised; else at the one rule a file carries, to cut
  const rule = file.rules.length === 1 ? file.rules[0] : undefined;
  const at = (unit: keyof ProfileLimits) =>
    limits[unit].reason !== undefined ? where.ownLimit(unit) : (rule?.heading ?? where.adapter());
  const carried = file.rules.length > 1 ? ` (carries ${file.rules.map((r) => r.slug).join(", ")})` : "";
  const found: Finding[] = [];
  const grown = (unit: keyof ProfileLimits) =>
    limits[unit].reason === importedReason
      ? {
          hint: `agentc import set this limit to the project's size when it read it: raise budgets.${profile}.${limitKeys[unit]} in targets.json to let the file grow, or cut text (a scoped rule or a skill loads only when it applies).`,
        }
      : {};
  if (lines > limits.lines.value) {
    found.push({
      ...grown("lines"),
      position: at("lines"),
      message: `${file.path} has ${lines} lines, over the ${profile} budget of ${budgetOf(limits.lines, "lines", profile)}${carried}`,
    });
  }
  if (words > limits.words.value) {
    const message = limits.words.reason
      ? `${file.path} has ${words} words, over the ${profile} budget of ${budgetOf(limits.words, "words", profile)}`
      : `${file.path} has ${words} words; the ${profile} budget is under ${limits.words.value + 1}`;
    found.push({ ...grown("words"), position: at("words"), message: `${message}${carried}` });
  }
  return found;
}

const withinBudget: readonly Finding[] = [];

/** The key of targets.json budgets.<profile> that sets each limit. */
const limitKeys = { lines: "max_lines", words: "max_words" } as const;

/** "100" for the seed's, "120 lines set in targets.json budgets.global" for the registry's own. */
function budgetOf(limit: Limit, unit: string, profile: string): string {
  return limit.reason ? `${limit.value} ${unit} set in targets.json budgets.${profile}` : String(limit.value);
}
