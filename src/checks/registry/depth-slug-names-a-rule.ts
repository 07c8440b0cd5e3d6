import { ruleFile, sourcesWith, withBase } from "../../diagnostics/fixture-base.js";
import type { RegistryCheck } from "../check.js";

const depthRule = ruleFile(["scope: global"], "# Depth Projection", ["Pick one depth level per task."]);

export const depthSlugNamesARule: RegistryCheck = {
  id: "AGC033",
  slug: "depth-slug-names-a-rule",
  stage: "registry",
  severity: "warning",
  title: "depth_slug must name a rule, and the depth vocabulary needs a depth_slug",
  description:
    "depth_vocabulary and envelope_slots are confined to the rule named by depth_slug (AGC018). A depth_slug that names no rule leaves the vocabulary without its definition; vocabulary without a depth_slug is confined to no rule at all.",
  hint: "Write the depth rule (a heading that slugifies to depth_slug), fix depth_slug, or set it.",
  get examples() {
    return {
      passing: withBase({
        "sources.json": sourcesWith({ depth_slug: "depth-projection", depth_vocabulary: ["A1"] }),
        "rules/depth.md": depthRule,
      }),
      failing: withBase({
        "sources.json": sourcesWith({ depth_slug: "depth-projection", depth_vocabulary: ["A1"] }),
      }),
      expected: [
        'sources.json:15:17: warning AGC033 Unexpected depth_slug "depth-projection": it names no rule',
      ],
    };
  },
  *run(registry) {
    const { depth_slug, depth_vocabulary, envelope_slots } = registry.sources;
    const at = (key: string) => registry.sourcesDocument.positionOf([key]);
    if (depth_slug !== undefined && !registry.rules.some((r) => r.slug === depth_slug)) {
      yield {
        position: at("depth_slug"),
        message: `Unexpected depth_slug "${depth_slug}": it names no rule`,
      };
    }
    if (depth_slug !== undefined) return;
    for (const [key, list] of [
      ["depth_vocabulary", depth_vocabulary],
      ["envelope_slots", envelope_slots],
    ] as const) {
      if (!list?.length) continue;
      yield {
        position: at(key),
        message: `Unexpected ${key} without depth_slug, expected the slug of the rule that defines them`,
      };
    }
  },
};
