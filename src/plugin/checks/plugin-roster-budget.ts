import type { InlineCheck } from "../../diagnostics/check-meta.js";
import type { PluginFinding } from "../report.js";
import { pluginFixture } from "./plugin-fixture.js";

export const pluginRosterBudget: InlineCheck = {
  id: "AGC184",
  slug: "plugin-roster-budget",
  stage: "emit",
  severity: "error",
  title: "The skill descriptions of each plugin must fit roster_budget.owned_words",
  description:
    "A plugin's skills are loaded like installed ones: their descriptions go into every session. roster_budget.owned_words caps them per package (plugin.zip, gemini-extension.zip …), counted over the skills that go into it — the rule skills of skills_from and the client pack's — whatever roster_glob says; skills containing dead_marker are not counted.",
  hint: "Shorten the descriptions, retire skills, or raise owned_words.",
  get examples() {
    return {
      passing: pluginFixture({}, { extra: { roster_budget: { owned_words: 100 } } }),
      failing: pluginFixture({}, { extra: { roster_budget: { owned_words: 2 } } }),
      expected: [
        "targets.json:64:20: error AGC184 Unexpected 5 words in the descriptions of the 1 skills of plugin.zip, expected at most owned_words 2",
      ],
    };
  },
};

/** The words of the package's skill descriptions against the roster budget's owned_words; undefined within it. */
export function rosterFinding(
  archive: string,
  words: { total: number; skills: number; budget: number },
): PluginFinding | undefined {
  const { total, skills, budget } = words;
  if (total <= budget) return undefined;
  return {
    check: pluginRosterBudget,
    message: `Unexpected ${total} words in the descriptions of the ${skills} skills of ${archive}, expected at most owned_words ${budget}`,
  };
}
