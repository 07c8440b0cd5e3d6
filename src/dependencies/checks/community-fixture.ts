import type { Fixture } from "../../diagnostics/check-meta.js";
import { ruleFile, sourcesWith, withBase } from "../../diagnostics/fixture-base.js";

/** The base registry with a `community` source (third-party rules) whose one rule has the given body. */
export function communityRuleWith(body: string[]): Fixture {
  return withBase({
    "sources.json": sourcesWith({
      sources: [
        { name: "custom", kind: "custom", path: "rules", enabled: true },
        { name: "community", kind: "community", path: "community", enabled: true },
      ],
    }),
    "community/testing.md": ruleFile(
      ["scope: global", "description: How we test, from a public rule collection."],
      "# Testing",
      body,
    ),
  });
}
