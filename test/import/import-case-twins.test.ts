import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { adoptionCycle, assertIdentity } from "../support/adoption-cycle.js";
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
