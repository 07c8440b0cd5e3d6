import { adoptTargetEmitted } from "../../src/checks/output/adopt-target-emitted.js";
import { agentsMdAdapter, ruleFile, targetsWith, withBase } from "../../src/diagnostics/fixture-base.js";
import type { AdoptSpec } from "../../src/registry/model.js";
import { checkTable, locate } from "../support/check-harness.js";

const adopting = (adopt: AdoptSpec, files: Record<string, string> = {}) =>
  withBase({ "targets.json": targetsWith([{ ...agentsMdAdapter, install: { adopt: [adopt] } }]), ...files });
const importOf = (target: string): AdoptSpec => ({
  path: "GEMINI.md",
  as: "import",
  target,
  import_template: "@{target}",
});
const foreignBlock = adopting({ path: "docs/AGENTS.md", as: "block" });
const nowhere = adopting(importOf("docs/AGENTS.md"));
const noGlobalRule = {
  ...adopting({ path: "AGENTS.md", as: "block" }),
  "sources.json": `${JSON.stringify({ version: 1, sources: [{ name: "custom", kind: "custom", path: "rules", enabled: true }] })}\n`,
  "rules/router.md": ruleFile(
    ["scope: scoped", 'globs: ["docs/**"]', "description: Use when writing docs."],
    "# Docs",
    ["- Steps."],
  ),
  "rules/code-style.md": ruleFile(
    ["scope: scoped", 'globs: ["src/**"]', "description: Use when writing code."],
    "# Code",
    ["- Steps."],
  ),
};

checkTable(adoptTargetEmitted, {
  valid: [
    {
      name: "the adapter's own always-on file as a block",
      files: adopting({ path: "AGENTS.md", as: "block" }),
    },
    { name: "an import of the always-on file", files: adopting(importOf("AGENTS.md")) },
  ],
  invalid: [
    {
      name: "a block of a file the adapter does not write",
      files: foreignBlock,
      findings: [
        {
          ...locate(foreignBlock, "targets.json", '"docs/AGENTS.md"'),
          message:
            "composes its own file docs/AGENTS.md into a person's docs/AGENTS.md, but the build writes no",
        },
      ],
    },
    {
      name: "an import of a file nothing writes",
      files: nowhere,
      findings: [
        {
          ...locate(nowhere, "targets.json", '"docs/AGENTS.md"'),
          message: "the import would lead nowhere",
        },
      ],
    },
    {
      name: "the always-on file, when no rule is global: an info",
      files: noGlobalRule,
      findings: [
        {
          ...locate(noGlobalRule, "targets.json", '"AGENTS.md"'),
          severity: "info",
          message:
            "but this build does not write AGENTS.md: the install leaves a person's AGENTS.md as it is",
        },
      ],
    },
  ],
});
