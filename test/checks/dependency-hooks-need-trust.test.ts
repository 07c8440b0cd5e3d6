import type { Check } from "../../src/checks/check.js";
import { dependencyHooksNeedTrust } from "../../src/dependencies/checks/dependency-hooks-need-trust.js";
import { checkDependency } from "../../src/dependencies/content-check.js";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import { checkTable } from "../support/check-harness.js";
import { untrustedDependency } from "../support/dependency-input.js";

/** The files of an untrusted dependency, screened as the resolver screens them. */
function screened(check: Check, files: Fixture) {
  const input = untrustedDependency("team-skills", Object.entries(files));
  return checkDependency(input).diagnostics.filter((d) => d.id === check.id);
}

const message = /is not trusted, so .* is left out of the build/;

checkTable(
  dependencyHooksNeedTrust,
  {
    valid: [
      { name: "the passing example", files: dependencyHooksNeedTrust.examples.passing },
      { name: "settings without hooks", files: { "settings.json": '{"theme": "dark"}\n' } },
    ],
    invalid: [
      {
        name: "the failing example",
        files: dependencyHooksNeedTrust.examples.failing,
        findings: [
          { file: "team-skills:.mcp.json", line: 1, column: 1, message },
          { file: "team-skills:core/hooks.json", line: 1, column: 1, message },
        ],
      },
      {
        name: "an agent whose frontmatter sets hooks, and a git hook script",
        files: {
          "agents/helper.md": "---\nname: helper\nhooks:\n  Stop: []\n---\nHelps.\n",
          ".githooks/pre-push": "#!/bin/sh\nexit 0\n",
        },
        findings: [
          { file: "team-skills:.githooks/pre-push", line: 1, column: 1, message: /\(hook scripts\)/ },
          { file: "team-skills:agents/helper.md", line: 1, column: 1, message: /\(hooks\)/ },
        ],
      },
    ],
  },
  screened,
);
