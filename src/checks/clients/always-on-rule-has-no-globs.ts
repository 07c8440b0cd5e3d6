import type { RegistryCheck } from "../check.js";
import { clientFixture, coreRule } from "./emitted-fixtures.js";

export const alwaysOnRuleHasNoGlobs: RegistryCheck = {
  id: "AGC092",
  slug: "always-on-rule-has-no-globs",
  stage: "registry",
  severity: "error",
  title: "An always_on core rule is not bound to file patterns",
  description:
    "A core rule with trigger always_on promises to be loaded in every session. Clients that bind rules to file patterns would load it only once a matching file is read, which loosens the promise; so globs on an always_on rule are an error, never silently dropped or applied.",
  hint: "Remove globs, or set trigger: glob if the rule should only load for matching files.",
  examples: {
    passing: clientFixture({ "core/rules/style.md": coreRule("always_on", ["Keep functions short."]) }),
    failing: clientFixture({
      "core/rules/style.md": coreRule("always_on", ["Keep functions short."], ["src/**/*.ts"]),
    }),
  },
  *run(registry) {
    for (const rule of registry.core.rules) {
      if (rule.trigger !== "always_on" || rule.globs.length === 0) continue;
      yield {
        position: rule.positionOf(["globs"], "key"),
        message: `Rule "${rule.name}" is always_on but has globs (${rule.globs.join(", ")}): a client would load it only for matching files`,
      };
    }
  },
};
