import { withBase } from "../../diagnostics/fixture-base.js";
import type { RegistryCheck } from "../check.js";

export const triggerIsDeclared: RegistryCheck = {
  id: "AGC013",
  slug: "trigger-is-declared",
  stage: "registry",
  severity: "error",
  title: "A rule's trigger must be one of trigger_keys",
  description:
    "trigger_keys in sources.json is the closed list of moments a rule may claim; anything else is a typo.",
  hint: "Use one of trigger_keys, or add the key to trigger_keys (and a row for it to the router).",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "rules/code-style.md": "---\nscope: global\ntrigger: any-cod\n---\n# Code Style\n\nText.\n",
      }),
      expected: [
        'rules/code-style.md:3:1: error AGC013 Rule "code-style" claims trigger "any-cod", which is not in trigger_keys',
      ],
    };
  },
  *run(registry) {
    const keys = new Set(registry.sources.trigger_keys ?? []);
    for (const rule of registry.rules) {
      if (rule.trigger === undefined || keys.has(rule.trigger)) continue;
      yield {
        position: rule.fields.trigger ?? rule.heading,
        message: `Rule "${rule.slug}" claims trigger "${rule.trigger}", which is not in trigger_keys`,
        hint: keys.size ? `Use one of: ${[...keys].join(", ")}.` : "Declare trigger_keys in sources.json.",
      };
    }
  },
};
