import { ruleFile, withBase } from "../../diagnostics/fixture-base.js";
import type { RegistryCheck } from "../check.js";
import { descriptionWriters } from "./template-slots-have-values.js";

const docsRule = (matter: string[]) =>
  withBase({
    "rules/docs.md": ruleFile(["scope: scoped", 'globs: ["docs/**"]', ...matter], "# Docs Style", [
      "- Short sentences.",
    ]),
  });

export const scopedRuleHasDescription: RegistryCheck = {
  id: "AGC039",
  slug: "scoped-rule-has-description",
  stage: "registry",
  severity: "info",
  title: "A scoped rule should say in its description when it applies",
  description:
    "Several formats (skills, Cursor rules, Copilot instructions) show the assistant only the description until a rule fires. A scoped rule without one works only where the format loads it by glob. When an adapter of this registry needs the description, AGC031 reports it as a warning instead.",
  hint: "Add 'description: Use when …' (at most 25 words).",
  get examples() {
    return {
      passing: docsRule(["description: Use when writing or editing documentation."]),
      failing: docsRule([]),
      expected: [
        'rules/docs.md:5:1: info AGC039 Scoped rule "docs-style" has no description; formats that choose rules by description will not pick it',
      ],
    };
  },
  *run(registry) {
    for (const rule of registry.rules) {
      if (rule.scope !== "scoped" || rule.description !== undefined) continue;
      if (descriptionWriters(registry.adapters, rule).length > 0) continue;
      yield {
        position: rule.heading,
        message: `Scoped rule "${rule.slug}" has no description; formats that choose rules by description will not pick it`,
      };
    }
  },
};
