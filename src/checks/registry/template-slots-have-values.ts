import { agentsMdAdapter, ruleFile, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { skipped } from "../../emit/adapters/emit-adapter.js";
import { usesSlot } from "../../emit/adapters/frontmatter-template.js";
import type { ResolvedAdapter, Rule } from "../../registry/model.js";
import { adapterWrites } from "../../registry/rule-scope.js";
import type { RegistryCheck } from "../check.js";
import { adapterLabel } from "../positions.js";

const skillsAdapter = {
  id: "team-skills",
  output_dir: ".claude/skills",
  scoped_layout: "per_rule_dir",
  per_rule_filename: "SKILL.md",
  frontmatter: ["---", "name: {slug}", "description: {description}", "---"],
};
const withDeployRule = (matter: string[]) =>
  withBase({
    "targets.json": targetsWith([agentsMdAdapter, skillsAdapter]),
    "rules/deploy.md": ruleFile(["scope: scoped", 'globs: ["deploy/**"]', ...matter], "# Deploy", [
      "- Steps.",
    ]),
  });

export const templateSlotsHaveValues: RegistryCheck = {
  id: "AGC031",
  slug: "template-slots-have-values",
  stage: "registry",
  severity: "warning",
  title: "A rule emitted through a template with {description} should have a description",
  description:
    "When an adapter's frontmatter uses {description} and a rule it writes has none, the line is left out. Formats such as skills are chosen by their description: without one the assistant never picks the rule.",
  hint: "Add a description saying when the rule applies (at most 25 words).",
  get examples() {
    return {
      passing: withDeployRule(["description: Use when deploying the service."]),
      failing: withDeployRule([]),
      expected: [
        'rules/deploy.md:5:1: warning AGC031 Unexpected rule "deploy" without a description: "team-skills" write it through a template with {description}',
      ],
    };
  },
  *run(registry) {
    for (const rule of registry.rules) {
      if (rule.scope !== "scoped" || rule.description !== undefined) continue;
      const affected = descriptionWriters(registry.adapters, rule).map(adapterLabel);
      if (affected.length === 0) continue;
      yield {
        position: rule.heading,
        message: `Unexpected rule "${rule.slug}" without a description: ${affected.join(", ")} write it through a template with {description}`,
      };
    }
  },
};

/** The adapters that write a scoped rule through a template with {description} (those its source's scope names). */
export function descriptionWriters(adapters: readonly ResolvedAdapter[], rule: Rule): ResolvedAdapter[] {
  return adapters.filter(
    (a) =>
      adapterWrites(a.adapter.id, rule) &&
      (a.adapter.scoped_layout ?? "none") !== "none" &&
      usesSlot(a.adapter, "description") &&
      !skipped(a.adapter, rule),
  );
}
