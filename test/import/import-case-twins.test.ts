import assert from "node:assert/strict";
import { mkdirSync, renameSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { adoptionCycle, assertIdentity } from "../support/adoption-cycle.js";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

/**
 * Two rule files whose names differ only in case (.cursor/rules/Style.mdc beside style.mdc) are one file on macOS
 * and Windows. Import read both, so the first build of the imported registry failed (AGC028, named at
 * <agentc>/clients/cursor.json) and the round trip stopped there. Any listing import makes now leaves out the
 * later of two such names and says so; the earlier is imported, the later stays the project's own file. (Not a
 * fixture folder: a checkout on macOS or Windows could not hold it.)
 */
describe("files whose names differ only in case", () => {
  it("the later is left out and named, and the round trip is the identity", async () => {
    const project = testdir({
      "AGENTS.md": "# Mobile app\n\nRun `pnpm test` before pushing.\n",
      ".cursor/rules/Style.mdc": "---\nalwaysApply: true\n---\n\nUse 2-space indentation.\n",
      ".cursor/rules/style.mdc": "---\nalwaysApply: true\n---\n\nOld notes on style.\n",
      ".claude/agents/Reviewer.md":
        "---\nname: reviewer\ndescription: Reviews diffs\n---\n\nReview the diff.\n",
      ".claude/agents/reviewer.md":
        "---\nname: reviewer\ndescription: Reviews diffs too\n---\n\nReview it.\n",
    });
    const cycle = await adoptionCycle(project);
    assertIdentity(cycle);
    const said = cycle.importRun.stdout;
    for (const [path, twin] of [
      [".cursor/rules/style.mdc", ".cursor/rules/Style.mdc"],
      [".claude/agents/reviewer.md", ".claude/agents/Reviewer.md"],
    ])
      assert.ok(
        said.includes(
          `${path}:1:1: warning AGC128 ${path} is one file with ${twin} on case-insensitive file systems (macOS, Windows): not imported, it stays the project's own file`,
        ),
        said,
      );
    assert.doesNotMatch(cycle.buildRun.stdout + cycle.buildRun.stderr, /AGC028/);
  });
});

/**
 * A native file spelled in another case than its assistant reads it (agents.md, claude.md, a .Cursor folder:
 * thousands of public repositories hold one): on macOS and Windows it is that file, on Linux nothing reads it.
 * Import said it "found no native file of any assistant" in such a project. It now names each such entry and the
 * rename that makes every system read it; renamed, the project imports as any other.
 */
describe("a native file spelled in another case", () => {
  const files = {
    "agents.md": "# Service\n\nRun `make check` before pushing.\n",
    "claude.md": "# Claude\n\nAsk before deleting migrations.\n",
    ".Cursor/rules/style.mdc": "---\nalwaysApply: true\n---\n\nUse tabs.\n",
  };

  it("is named with its rename, and stays the project's: nothing else found, nothing written", async () => {
    const run = await runImport(testdir(files));
    assert.equal(run.status, 1, run.stderr);
    assert.match(
      run.json.error ?? "",
      /found nothing in .* that a registry can carry: the 3 files the findings name stay the project's own/,
    );
    assert.deepEqual(
      run.json.diagnostics.map((d) => [d.file, d.severity, d.id, d.message, d.hint]),
      [
        [".Cursor", ".cursor"],
        ["agents.md", "AGENTS.md"],
        ["claude.md", "CLAUDE.md"],
      ].map(([twin, place]) => [
        twin,
        "warning",
        "AGC128",
        `${twin} is read as ${place} only where file names ignore case (macOS, Windows), never on Linux: not imported, it stays the project's own`,
        `Rename it (git mv ${twin} ${place}) so that every system reads it, then run agentc import again; agentc install will not write ${place} beside it.`,
      ]),
    );
    assert.deepEqual(run.after.tree, run.before.tree);
  });

  it("a link that leads nowhere is its own name, not another spelling", async () => {
    const project = testdir({ "AGENTS.md": "# Service\n\nRun `make check`.\n" });
    mkdirSync(join(project, ".cursor"));
    symlinkSync("/nonexistent/commands", join(project, ".cursor", "commands"));
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      run.json.diagnostics.filter((d) => /ignore case/.test(d.message)),
      [],
    );
  });

  it("renamed as the hint says, each is imported", async () => {
    const project = testdir(files);
    renameSync(join(project, "agents.md"), join(project, "AGENTS.md"));
    renameSync(join(project, "claude.md"), join(project, "CLAUDE.md"));
    renameSync(join(project, ".Cursor"), join(project, ".cursor"));
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      run.json.diagnostics.filter((d) => /ignore case/.test(d.message)),
      [],
    );
    for (const read of ["AGENTS.md", "CLAUDE.md", ".cursor/rules/style.mdc"])
      assert.ok(run.json.read.includes(read), read);
  });
});
