import type { Fixture } from "../src/checks/check.js";
import { ruleFile, sourcesWith, withBase } from "../src/checks/fixture-base.js";
import { depthSlugNamesARule } from "../src/checks/registry/depth-slug-names-a-rule.js";
import { routerAgreesWithTriggers } from "../src/checks/registry/router-agrees-with-triggers.js";
import { checkTable, locate } from "./support/check-harness.js";

const router = (rows: string[]) =>
  ruleFile(["scope: global"], "# Skill Router", ["| trigger | rule |", "|---|---|", ...rows]);
const rule = (heading: string, trigger?: string) =>
  ruleFile(["scope: global", ...(trigger ? [`trigger: ${trigger}`] : [])], heading, ["- Text."]);
const registry = (files: Fixture) =>
  withBase({ "sources.json": sourcesWith({ trigger_keys: ["any-code", "docs"] }), ...files });

const agreeing = registry({
  "rules/router.md": router(["| any-code | code-style |", "| `docs` | `docs-style` |"]),
  "rules/docs.md": rule("# Docs Style", "docs"),
});
const wrongRule = registry({
  "rules/router.md": router(["| any-code | code-style |", "| docs | code-style |"]),
  "rules/docs.md": rule("# Docs Style", "docs"),
});
const unclaimed = registry({
  "rules/router.md": router(["| any-code | code-style |", "| docs | docs-style |"]),
  "rules/docs.md": rule("# Docs Style"),
});

checkTable(routerAgreesWithTriggers, {
  valid: [
    { name: "every row names the rule that claims its key (backticks allowed)", files: agreeing },
    {
      name: "rows naming missing rules are AGC016's",
      files: registry({
        "rules/router.md": router(["| any-code | code-style |", "| docs | nothing |"]),
      }),
    },
  ],
  invalid: [
    {
      name: "the row names a rule claiming another key",
      files: wrongRule,
      findings: [
        {
          ...locate(wrongRule, "rules/router.md", "| docs |"),
          message: 'names rule "code-style", which claims "any-code"; expected "docs-style", which claims it',
        },
      ],
    },
    {
      name: "the row names a rule claiming nothing, and nobody claims the key",
      files: unclaimed,
      findings: [
        {
          ...locate(unclaimed, "rules/router.md", "| docs |"),
          message: 'which claims no trigger; expected a rule with "trigger: docs"',
        },
      ],
    },
  ],
});

const depthRule = { "rules/depth.md": rule("# Depth Projection") };
const missingDepthRule = withBase({ "sources.json": sourcesWith({ depth_slug: "depth" }) });
const orphanVocabulary = withBase({
  "sources.json": sourcesWith({ depth_vocabulary: ["A1"], envelope_slots: ["narration"] }),
});

checkTable(depthSlugNamesARule, {
  valid: [
    { name: "no depth configuration", files: withBase({}) },
    {
      name: "depth_slug names a rule",
      files: withBase({ "sources.json": sourcesWith({ depth_slug: "depth-projection" }), ...depthRule }),
    },
    {
      name: "empty lists need no depth_slug",
      files: withBase({ "sources.json": sourcesWith({ depth_vocabulary: [] }) }),
    },
  ],
  invalid: [
    {
      name: "depth_slug names no rule",
      files: missingDepthRule,
      findings: [{ ...locate(missingDepthRule, "sources.json", '"depth"'), message: 'depth_slug "depth"' }],
    },
    {
      name: "vocabulary and slots without depth_slug",
      files: orphanVocabulary,
      findings: [
        {
          ...locate(orphanVocabulary, "sources.json", '[\n    "A1"'),
          message: "Unexpected depth_vocabulary without depth_slug",
        },
        {
          ...locate(orphanVocabulary, "sources.json", '[\n    "narration"'),
          message: "Unexpected envelope_slots",
        },
      ],
    },
  ],
});
