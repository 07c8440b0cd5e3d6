import type { CoreRule } from "../../../core/model.js";
import { diagnostic, type InlineCheck } from "../../../diagnostics/check-meta.js";
import { coreMarkdown } from "../../../diagnostics/core-fixtures.js";
import type { Diagnostic } from "../../../diagnostics/diagnostic.js";
import { withExamplePack } from "../../../diagnostics/pack-fixtures.js";
import type { RulesPack } from "../model.js";

export const loadTriggerMapped: InlineCheck = {
  id: "AGC081",
  slug: "load-trigger-mapped",
  stage: "emit",
  severity: "error",
  title: "Every load trigger of a core rule has a mapping in each client pack",
  description:
    "A core rule promises when it is loaded (always_on, model_decision, glob, manual). A client pack whose rule_triggers.map lacks that trigger would have to guess or drop the rule; the build fails instead, naming the rule and the pack.",
  hint: "Add the trigger to the pack's rule_triggers.map (with a deviation when the client loads it differently), or give the rule a trigger the pack maps.",
  get examples() {
    return {
      passing: withExamplePack({
        "rules/style.md": coreMarkdown(["trigger: always_on"], ["Prefer small functions."]),
      }),
      failing: withExamplePack({
        "rules/release.md": coreMarkdown(
          ["trigger: manual", "description: How a release is cut."],
          ["Tag the release commit."],
        ),
      }),
      expected: [
        'core/rules/release.md:2:10: error AGC081 rule release has load trigger "manual", which client pack example (clients/example.json) does not map',
      ],
    };
  },
};

/** A core rule whose load trigger the pack (read from `packFile`) does not map. */
export function unmappedTriggerFinding(rule: CoreRule, pack: RulesPack, packFile: string): Diagnostic {
  const mapped = Object.keys(pack.rule_triggers?.map ?? {});
  return diagnostic(loadTriggerMapped, {
    position: rule.positionOf(["trigger"]),
    message: `rule ${rule.name} has load trigger "${rule.trigger}", which client pack ${pack.client} (${packFile}) does not map`,
    hint: `The pack maps: ${mapped.join(", ") || "nothing"}. Choose one of those, or add "${rule.trigger}" to rule_triggers.map in the pack.`,
  });
}
