import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

/**
 * A project file whose item the build writes at another client's place (a Copilot rule identical to the Claude
 * Code rule of that name, which Copilot reads in .claude/rules too): the round trip said only that the build
 * writes it "where its format puts it". It names the item and where the build writes it, and that an assistant
 * reading both would load it twice (MaineK00n/vuls-data-update).
 */
const rule = "# Commits\n\n- One change per commit.\n- Say why in the message.\n";

describe("a project file the build writes elsewhere", () => {
  it("is said with its item and the path the build writes it at", async () => {
    const project = testdir({
      ".claude/rules/commits.md": `---\npaths:\n  - "**/*.go"\n---\n${rule}`,
      ".github/instructions/commits.instructions.md": `---\napplyTo: "**/*.go"\n---\n${rule}`,
      "CLAUDE.md": "# Service\n\nRun `make test` before you push.\n",
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics.filter(
      (d) => d.file === ".github/instructions/commits.instructions.md",
    );
    assert.deepEqual(
      said.map((d) => `${d.severity} ${d.id} ${d.message}`),
      [
        "warning AGC129 the build of the imported registry writes no .github/instructions/commits.instructions.md; the registry has it as rule commits, which the build writes as .claude/rules/commits.md",
      ],
    );
  });
});
