import { ruleFile, withBase } from "../../diagnostics/fixture-base.js";
import type { RegistryCheck } from "../check.js";

const rule = (matter: string[]) =>
  withBase({
    "rules/review.md": ruleFile(["scope: global", ...matter], "# Review", ["- Read the diff twice."]),
  });

export const globalRuleHasNoGlobs: RegistryCheck = {
  id: "AGC030",
  slug: "global-rule-has-no-globs",
  stage: "registry",
  severity: "warning",
  title: "A global rule's globs are ignored",
  description:
    "A global rule is always loaded, whatever file the assistant works on, so globs on it have no effect and suggest a scope the rule does not have.",
  hint: "Remove globs, or set scope: scoped if the rule should load only for those files.",
  get examples() {
    return {
      passing: rule([]),
      failing: rule(['globs: ["src/**"]']),
      expected: [
        'rules/review.md:3:1: warning AGC030 Unexpected globs on global rule "review": a global rule is always loaded, so they are ignored',
      ],
    };
  },
  *run(registry) {
    for (const rule of registry.rules) {
      if (rule.scope !== "global" || rule.globs.length === 0) continue;
      yield {
        position: rule.fields.globs ?? rule.heading,
        message: `Unexpected globs on global rule "${rule.slug}": a global rule is always loaded, so they are ignored`,
      };
    }
  },
};
