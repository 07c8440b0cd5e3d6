import { withBase } from "../../diagnostics/fixture-base.js";
import { routerRows } from "../../registry/rules/router-table.js";
import type { RegistryCheck } from "../check.js";

export const routerCoversEveryTrigger: RegistryCheck = {
  id: "AGC015",
  slug: "router-covers-every-trigger",
  stage: "registry",
  severity: "error",
  title: "Every trigger key needs a row in the router",
  description: "A trigger key without a router row is a moment no rule is routed to.",
  hint: "Add a row '| <key> | <rule slug> |' to the router's table, or remove the key from trigger_keys.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "sources.json":
          '{"version": 1, "trigger_keys": ["any-code", "docs"], "router_slug": "skill-router", "sources": [{"name": "custom", "kind": "custom", "path": "rules"}]}\n',
      }),
      expected: [
        'sources.json:1:45: error AGC015 Trigger key "docs" has no row in the router "skill-router" (rules/router.md)',
      ],
    };
  },
  *run(registry) {
    const router = registry.rules.find((r) => r.slug === registry.sources.router_slug);
    if (!router) return;
    const routed = new Set(routerRows(router).map((row) => row.key));
    for (const [index, key] of (registry.sources.trigger_keys ?? []).entries()) {
      if (routed.has(key)) continue;
      yield {
        position: registry.sourcesDocument.positionOf(["trigger_keys", index]),
        message: `Trigger key "${key}" has no row in the router "${router.slug}" (${router.file})`,
      };
    }
  },
};
