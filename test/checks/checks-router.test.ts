import { depthSlugNamesARule } from "../../src/checks/registry/depth-slug-names-a-rule.js";
import { triggerClaimedOnce } from "../../src/checks/registry/trigger-claimed-once.js";
import { triggerIsDeclared } from "../../src/checks/registry/trigger-is-declared.js";
import { routerAgreesWithTriggers } from "../../src/checks/router/router-agrees-with-triggers.js";
import { routerCoversEveryTrigger } from "../../src/checks/router/router-covers-every-trigger.js";
import { routerRowsNameRules } from "../../src/checks/router/router-rows-name-rules.js";
import { routerRuleExists } from "../../src/checks/router/router-rule-exists.js";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import { ruleFile, sourcesWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { checkTable, locate } from "../support/check-harness.js";

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
      name: "a rule claiming an undeclared key is AGC013's",
      files: registry({
        "rules/router.md": router(["| any-code | code-style |", "| docs | docs-style |"]),
        "rules/docs.md": rule("# Docs Style", "doc"),
      }),
    },
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

const declared = registry({
  "rules/router.md": router(["| any-code | code-style |", "| docs | docs-style |"]),
  "rules/docs.md": rule("# Docs Style", "doc"),
});

checkTable(triggerIsDeclared, {
  valid: [{ name: "declared keys", files: agreeing }],
  invalid: [
    {
      name: "a typo, at the trigger field",
      files: declared,
      findings: [
        {
          ...locate(declared, "rules/docs.md", "trigger"),
          message: 'claims trigger "doc", which is not in trigger_keys',
        },
      ],
    },
  ],
});

const claimedTwice = registry({
  "rules/router.md": router(["| any-code | code-style |", "| docs | docs-style |"]),
  "rules/docs.md": rule("# Docs Style", "docs"),
  "rules/more.md": rule("# More Docs", "docs"),
});

checkTable(triggerClaimedOnce, {
  valid: [{ name: "one rule per key", files: agreeing }],
  invalid: [
    {
      name: "the second claim, naming the first",
      files: claimedTwice,
      findings: [
        {
          ...locate(claimedTwice, "rules/more.md", "trigger"),
          message: 'claimed by "more-docs" here and by "docs-style" at rules/docs.md:3:1',
        },
      ],
    },
  ],
});

const uncovered = registry({ "rules/docs.md": rule("# Docs Style", "docs") });

checkTable(routerCoversEveryTrigger, {
  valid: [{ name: "a row per key", files: agreeing }],
  invalid: [
    {
      name: "a key without a row, at the key",
      files: uncovered,
      findings: [
        { ...locate(uncovered, "sources.json", '"docs"'), message: 'Trigger key "docs" has no row' },
      ],
    },
  ],
});

const badRows = registry({
  "rules/router.md": router(["| any-code | code-style |", "| docs | docs-styles |", "| test | code-style |"]),
  "rules/docs.md": rule("# Docs Style", "docs"),
});

checkTable(routerRowsNameRules, {
  valid: [{ name: "rows naming rules and keys", files: agreeing }],
  invalid: [
    {
      name: "a missing rule and an undeclared key, each at its row",
      files: badRows,
      findings: [
        {
          ...locate(badRows, "rules/router.md", "| docs"),
          message: 'names rule "docs-styles", which does not exist',
        },
        {
          ...locate(badRows, "rules/router.md", "| test"),
          message: 'trigger key "test", which is not in trigger_keys',
        },
      ],
    },
  ],
});

const noRouter = withBase({ "rules/router.md": rule("# Routing") });

checkTable(routerRuleExists, {
  valid: [
    { name: "the router exists", files: withBase({}) },
    {
      name: "no router_slug, no trigger keys",
      files: withBase({
        "sources.json": sourcesWith({ router_slug: undefined, trigger_keys: [] }),
        "rules/code-style.md": rule("# Code Style"),
      }),
    },
  ],
  invalid: [
    {
      name: "router_slug names no rule",
      files: noRouter,
      findings: [
        {
          ...locate(noRouter, "sources.json", '"skill-router"'),
          message: 'router_slug "skill-router" names no rule',
        },
      ],
    },
  ],
});
