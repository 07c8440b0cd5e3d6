import { withBase } from "../../diagnostics/fixture-base.js";
import { routerRows } from "../../registry/rules/router-table.js";
import type { RegistryCheck } from "../check.js";

export const routerRowsNameRules: RegistryCheck = {
  id: "AGC016",
  slug: "router-rows-name-rules",
  stage: "registry",
  severity: "error",
  title: "Every router row must name a trigger key and an existing rule",
  description:
    "A row that routes to a missing rule (renamed, superseded, disabled) or from an undeclared key routes nowhere.",
  hint: "Fix the slug in the row, restore the rule, or remove the row.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "rules/router.md":
          "---\nscope: global\n---\n# Skill Router\n\n| trigger | rule |\n|---|---|\n| any-code | code-styles |\n",
      }),
      expected: [
        'rules/router.md:8:1: error AGC016 Router row "any-code" names rule "code-styles", which does not exist',
      ],
    };
  },
  *run(registry) {
    const router = registry.rules.find((r) => r.slug === registry.sources.router_slug);
    if (!router) return;
    const slugs = new Set(registry.rules.map((r) => r.slug));
    const keys = new Set(registry.sources.trigger_keys ?? []);
    for (const row of routerRows(router)) {
      if (!keys.has(row.key)) {
        yield {
          position: row.position,
          message: `Router row names trigger key "${row.key}", which is not in trigger_keys`,
        };
      }
      if (!slugs.has(row.slug)) {
        yield {
          position: row.position,
          message: `Router row "${row.key}" names rule "${row.slug}", which does not exist`,
        };
      }
    }
  },
};
