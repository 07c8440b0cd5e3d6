import { ruleFile, withBase } from "../../diagnostics/fixture-base.js";
import type { RegistryCheck } from "../check.js";
import { countWords } from "../output/budget-respected.js";

export const maxDescriptionWords = 25;

const withDescription = (description: string) =>
  withBase({
    "rules/code-style.md": ruleFile(
      ["scope: global", `description: ${description}`, "trigger: any-code"],
      "# Code Style",
      ["- Prefer small functions."],
    ),
  });

export const descriptionWithin25Words: RegistryCheck = {
  id: "AGC019",
  slug: "description-within-25-words",
  stage: "registry",
  severity: "error",
  title: "A rule's description must have at most 25 words",
  description:
    "Assistants read only the description until a rule fires, and every description is loaded into every session. It should say in a sentence when the rule applies, not what the rule says.",
  hint: "Say when the rule applies ('Use when editing SQL migrations.') and move the content into the rule's body.",
  get examples() {
    return {
      passing: withDescription("How we write code here. Use for any code change."),
      failing: withDescription(
        "How we write code here, which covers naming, layout, error handling, tests, comments, logging, reviews, commits, branches, releases, dependencies, and everything else that matters to us.",
      ),
      expected: [
        'rules/code-style.md:3:1: error AGC019 Unexpected description of 26 words in rule "code-style", expected at most 25',
      ],
    };
  },
  *run(registry) {
    for (const rule of registry.rules) {
      const words = countWords(rule.description ?? "");
      if (words <= maxDescriptionWords) continue;
      yield {
        position: rule.fields.description ?? rule.heading,
        message: `Unexpected description of ${words} words in rule "${rule.slug}", expected at most ${maxDescriptionWords}`,
      };
    }
  },
};
