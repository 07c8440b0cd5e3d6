import { ruleFile, withBase } from "../../diagnostics/fixture-base.js";
import type { RegistryCheck } from "../check.js";

const docsRule = (matter: string[]) =>
  withBase({
    "rules/docs.md": ruleFile(
      ["scope: scoped", ...matter, "description: How we write docs."],
      "# Docs Style",
      ["- Short sentences."],
    ),
  });

export const scopedRuleHasGlobs: RegistryCheck = {
  id: "AGC020",
  slug: "scoped-rule-has-globs",
  stage: "registry",
  severity: "error",
  title: "A scoped rule must have globs",
  description:
    "A scoped rule is loaded only when the assistant works on files matching its globs; without globs it would never load.",
  hint: 'Add globs (e.g. globs: ["docs/**", "**/*.md"]), or make the rule global.',
  get examples() {
    return {
      passing: docsRule(['globs: ["docs/**"]']),
      failing: docsRule([]),
      expected: [
        'rules/docs.md:2:1: error AGC020 Unexpected scoped rule "docs-style" without globs, expected at least one file pattern',
      ],
    };
  },
  *run(registry) {
    for (const rule of registry.rules) {
      if (rule.scope !== "scoped" || rule.globs.length > 0) continue;
      yield {
        position: rule.fields.globs ?? rule.fields.scope ?? rule.heading,
        message: `Unexpected scoped rule "${rule.slug}" without globs, expected at least one file pattern`,
      };
    }
  },
};
