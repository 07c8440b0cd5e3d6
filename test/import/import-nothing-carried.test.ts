import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

/**
 * A rule file with no text (an empty Kiro steering file, a Windsurf rule that is frontmatter alone) gives no
 * rule, which import reports. The round trip then warned that "what import read from it is in the registry, and
 * the build writes it where its format puts it", which is not so: nothing of it is in the registry, and it stays
 * the project's file.
 */
describe("a rule file with nothing to carry", () => {
  it("is reported once as left out, and the round trip says it stays the project's file", async () => {
    const project = testdir({
      "AGENTS.md": "# Inventory\n\nRun `go test ./...` before pushing.\n",
      ".kiro/steering/empty.md": "",
      ".windsurf/rules/placeholder.md": "---\ntrigger: always_on\n---\n",
      ".windsurf/rules/go.md": "---\ntrigger: glob\nglobs: **/*.go\n---\n\nReturn errors, do not panic.\n",
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    for (const file of [".kiro/steering/empty.md", ".windsurf/rules/placeholder.md"]) {
      const said = run.json.diagnostics
        .filter((d) => d.file === file)
        .map((d) => `${d.severity} ${d.id} ${d.message}`);
      assert.deepEqual(said, [
        `warning AGC128 ${file} holds no text below its frontmatter, so no rule is imported`,
        `info AGC129 the build of the imported registry writes no ${file}: import took nothing from it (reported above), so it stays the project's file and its assistant reads it as before`,
      ]);
    }
  });

  it("a hooks file whose only hook has no neutral event is one the build composes nothing into (1Password/agent-hooks)", async () => {
    // Cursor's hooks.json carries "version": 1, which the pack writes beside its hooks: no value of the registry
    const hooks = { version: 1, hooks: { beforeShellExecution: [{ command: "bin/check-env.sh" }] } };
    const project = testdir({
      ".cursor/rules/env.mdc": "---\nalwaysApply: true\n---\n\nNever print the contents of .env files.\n",
      ".cursor/hooks.json": `${JSON.stringify(hooks, null, 2)}\n`,
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics
      .filter((d) => d.file === ".cursor/hooks.json")
      .map((d) => `${d.severity} ${d.id} ${d.message}`);
    assert.deepEqual(said, [
      "info AGC129 the build of the imported registry composes nothing into .cursor/hooks.json: the registry carries none of its values (each is named above), so it stays the project's file and its assistant reads it as before",
      "warning AGC128 hooks.beforeShellExecution in .cursor/hooks.json is an event Cursor has and the core has not: not imported",
    ]);
  });
});
