import { sourceAdaptersUsed } from "../../src/checks/registry/source-adapters-used.js";
import { agentsMdAdapter, sourcesWith, targetsWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { checkTable } from "../support/check-harness.js";

const source = (adapters?: string[]) => ({
  name: "custom",
  kind: "custom",
  path: "rules",
  enabled: true,
  ...(adapters ? { adapters } : {}),
});
const continueAdapter = {
  id: "continue",
  output_dir: ".continue/rules",
  extension: ".md",
  scoped_layout: "flat",
};
const scoped = (adapters: string[] | undefined, targets: object[] = [agentsMdAdapter]) =>
  withBase({
    "sources.json": sourcesWith({ sources: [source(adapters)] }),
    "targets.json": targetsWith(targets),
  });

checkTable(sourceAdaptersUsed, {
  valid: [
    { name: "the passing example", files: sourceAdaptersUsed.examples.passing },
    { name: "a source without adapters: every adapter writes it", files: scoped(undefined) },
    {
      name: "every id names a chosen adapter",
      files: scoped(["continue", "agents-md"], [agentsMdAdapter, continueAdapter]),
    },
  ],
  invalid: [
    {
      name: "a misspelt id: no adapter writes the rules",
      files: sourceAdaptersUsed.examples.failing,
      findings: [
        {
          file: "sources.json",
          line: 14,
          column: 9,
          message:
            'source "custom" is scoped to adapter "agents-mb", which this build does not use (its adapters: agents-md); no adapter writes the source\'s rules',
        },
      ],
    },
    {
      name: "one id of two is not chosen: the other still writes the rules",
      files: scoped(["agents-md", "amazon-q"]),
      findings: [
        {
          file: "sources.json",
          line: 15,
          column: 9,
          message:
            'source "custom" is scoped to adapter "amazon-q", which this build does not use (its adapters: agents-md)',
        },
      ],
    },
  ],
});
