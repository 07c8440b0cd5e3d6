import { withBase } from "../../diagnostics/fixture-base.js";
import type { RegistryCheck } from "../check.js";

export const routerRuleExists: RegistryCheck = {
  id: "AGC017",
  slug: "router-rule-exists",
  stage: "registry",
  severity: "error",
  title: "router_slug must name a rule",
  description:
    "The router is the rule whose table maps trigger keys to rules; without it no trigger can be routed.",
  hint: "Write the router rule (a heading that slugifies to router_slug, with a 'key | rule' table) or fix router_slug.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "rules/router.md":
          "---\nscope: global\n---\n# Routing\n\n| trigger | rule |\n|---|---|\n| any-code | code-style |\n",
      }),
      expected: ['sources.json:6:18: error AGC017 router_slug "skill-router" names no rule'],
    };
  },
  *run(registry) {
    const slug = registry.sources.router_slug;
    if (slug === undefined || registry.rules.some((r) => r.slug === slug)) return;
    yield {
      position: registry.sourcesDocument.positionOf(["router_slug"]),
      message: `router_slug "${slug}" names no rule`,
    };
  },
};
