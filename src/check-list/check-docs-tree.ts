import type { Check } from "../checks/check.js";
import { renderCheckDoc } from "../checks/check-doc.js";
import { baseFixture } from "../diagnostics/fixture-base.js";
import { allChecks } from "./index.js";

/** Every file of docs/checks/: README.md and one page per check. `npm run docs` writes them; a test compares. */
export function checkDocsTree(checks: readonly Check[] = allChecks): Map<string, string> {
  const tree = new Map<string, string>([["README.md", renderChecksReadme(checks)]]);
  for (const check of checks) tree.set(`${check.id}.md`, renderCheckDoc(check));
  return tree;
}

const stageNames: Record<Check["stage"], string> = {
  load: "while reading the registry files",
  registry: "on the loaded registry",
  emit: "while emitting each adapter's files",
  output: "on the emitted files",
  import: "by `agentc import` while it reads a project's native files (the examples are projects)",
  lint: "by `agentc lint` on a project's native files, with no registry (the examples are projects; docs/lint.md)",
};

function renderChecksReadme(checks: readonly Check[]): string {
  return [
    "# Checks",
    "",
    "<!-- Generated from src/checks by `npm run docs`; do not edit by hand. -->",
    "",
    "`agentc check` and `agentc build` run every check below on a registry and report each finding as a",
    "diagnostic: a stable id (`AGC0nn`), a severity, the file, line and column it is about, a message of the",
    'form "Unexpected X, expected Y" and a hint saying how to fix it. Checks never stop at the first',
    "problem: one run reports everything it can see.",
    "",
    "## Severities",
    "",
    "| severity | meaning | exit code |",
    "|---|---|---|",
    "| error | the registry is wrong; nothing is written | 1 |",
    "| warning | it builds, but something is probably not what you meant | 0 |",
    "| info | the build tells you what it did for you (e.g. a format could not express a rule) | 0 |",
    "",
    "A check has a default severity; a few report some findings with another one (the page says so).",
    "",
    "## When checks run",
    "",
    ...Object.entries(stageNames).map(([stage, when]) => `- \`${stage}\`: ${when}.`),
    "",
    "## All checks",
    "",
    "| id | severity | stage | slug | what it asserts |",
    "|---|---|---|---|---|",
    ...checks.map(
      (c) => `| [${c.id}](${c.id}.md) | ${c.severity} | ${c.stage} | \`${c.slug}\` | ${c.title} |`,
    ),
    "",
    "## Reading a check's page and `agentc explain`",
    "",
    "`agentc explain` lists every check; `agentc explain AGC018` (or its slug,",
    "`agentc explain depth-vocabulary-confined`) prints the page of one check, the same text as",
    "`docs/checks/<id>.md`; `--format json` prints it as data. Each page says why the check exists,",
    "how to fix a finding, and shows a passing and a failing example. The examples are small",
    "registries that show only the files that differ from the base registry below; a test builds",
    "every example, so the pages cannot drift from the checks.",
    "",
    "## The base registry of the examples",
    "",
    "One adapter (`agents-md`, the single always-on `AGENTS.md`), one trigger key, a router and one rule:",
    "",
    ...Object.entries(baseFixture).flatMap(([path, text]) => [
      `\`${path}\`:`,
      "",
      `~~~${path.endsWith(".json") ? "json" : "markdown"}`,
      text.replace(/\n$/, ""),
      "~~~",
      "",
    ]),
  ].join("\n");
}
