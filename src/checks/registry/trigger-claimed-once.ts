import { withBase } from "../../diagnostics/fixture-base.js";
import type { Rule } from "../../registry/model.js";
import { formatPosition } from "../../registry/rules/resolve-rules.js";
import type { RegistryCheck } from "../check.js";

export const triggerClaimedOnce: RegistryCheck = {
  id: "AGC014",
  slug: "trigger-claimed-once",
  stage: "registry",
  severity: "error",
  title: "Two rules must not claim one trigger key",
  description: "Each trigger key routes to exactly one rule; two claims make the router ambiguous.",
  hint: "Keep the trigger on one rule and remove it from the other, or add a new trigger key.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "rules/other.md": "---\nscope: global\ntrigger: any-code\n---\n# Other Style\n\nText.\n",
      }),
      expected: [
        'rules/other.md:3:1: error AGC014 Trigger "any-code" is claimed by "other-style" here and by "code-style" at rules/code-style.md:4:1',
      ],
    };
  },
  *run(registry) {
    const first = new Map<string, Rule>();
    for (const rule of registry.rules) {
      if (rule.trigger === undefined) continue;
      const earlier = first.get(rule.trigger);
      if (!earlier) {
        first.set(rule.trigger, rule);
        continue;
      }
      const claimed = earlier.fields.trigger ?? earlier.heading;
      yield {
        position: rule.fields.trigger ?? rule.heading,
        message: `Trigger "${rule.trigger}" is claimed by "${rule.slug}" here and by "${earlier.slug}" at ${formatPosition(claimed)}`,
        related: [{ position: claimed, message: `"${earlier.slug}" claims "${rule.trigger}" first` }],
      };
    }
  },
};
