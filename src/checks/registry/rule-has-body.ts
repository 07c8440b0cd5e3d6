import { withBase } from "../../diagnostics/fixture-base.js";
import { isImportedSourceFile } from "../../registry/registry-folder.js";
import type { RegistryCheck } from "../check.js";

export const ruleHasBody: RegistryCheck = {
  id: "AGC037",
  slug: "rule-has-body",
  stage: "registry",
  severity: "warning",
  title: "A rule should have text under its heading",
  description:
    "Every '#' and '##' heading opens a rule, so a heading followed directly by another one (a title above sections, say) makes an empty rule that is emitted as a heading alone. Not reported in the files agentc import wrote (sources/imported/): there a heading alone is the project's own title, and the build writes it back where it was.",
  hint: "Write the rule's text under the heading, or remove the heading (use '###' for a section inside a rule).",
  get examples() {
    return {
      passing: withBase({
        "rules/review.md": "---\nscope: global\n---\n# Review\n\n### Before merging\n\n- Run the tests.\n",
      }),
      failing: withBase({
        "rules/review.md": "---\nscope: global\n---\n# Review\n\n## Before merging\n\n- Run the tests.\n",
      }),
      expected: [
        'rules/review.md:4:1: warning AGC037 Unexpected empty rule "review": the heading "Review" has no text before the next rule',
      ],
    };
  },
  *run(registry) {
    for (const rule of registry.rules) {
      if (isImportedSourceFile(rule.file)) continue;
      if (
        rule.text
          .split("\n")
          .slice(1)
          .some((line) => line.trim() !== "")
      )
        continue;
      yield {
        position: rule.heading,
        message: `Unexpected empty rule "${rule.slug}": the heading "${rule.title}" has no text before the next rule`,
      };
    }
  },
};
