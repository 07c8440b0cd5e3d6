import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const configMatchesSchema: InlineCheck = {
  id: "AGC002",
  slug: "config-matches-schema",
  stage: "load",
  severity: "error",
  title: "sources.json, targets.json and adapter files must match their JSON Schema",
  description:
    "Every key is checked against the schemas shipped in agentc's schemas/ folder. An unknown key is an error, so a typo never silently turns a setting off.",
  hint: 'Point "$schema" at node_modules/agentc/schemas/<file>.schema.json for completion in your editor.',
  examples: {
    passing: withBase({}),
    failing: withBase({
      "sources.json":
        '{"version": 1, "trigger_keys": ["any-code"], "router_slug": "skill-router", "sources": [{"name": "custom", "kind": "custom", "path": "rules", "enabeld": true}]}\n',
    }),
    expected: ['sources.json:1:143: error AGC002 Unexpected key "enabeld" in sources[0]'],
  },
};
