import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { clientFixture } from "../../src/diagnostics/client-fixture.js";
import { reviewSkill } from "../../src/diagnostics/core-fixtures.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { testdir } from "../support/testdir.js";

/**
 * Found on openhoat/shellm: skill folders holding both SKILL.md and skill.md were imported and built, and the
 * install refused the bundle ("the same file where case is folded") with a hint to rebuild, which could not
 * help. The build now names the registry file.
 */
describe("AGC028: two emitted paths that are one file where case is folded", () => {
  it("a skill.md beside SKILL.md is an error at the registry file, for every pack that writes the skill", async () => {
    const dir = testdir(
      clientFixture({
        "core/skills/review/SKILL.md": reviewSkill,
        "core/skills/review/skill.md": "An older copy of the skill.\n",
      }),
    );
    const { diagnostics, ok } = await compileRegistry(dir, { offline: true });
    assert.equal(ok, false);
    const found = diagnostics.filter((d) => d.id === "AGC028");
    assert.ok(found.length > 0, JSON.stringify(diagnostics.map((d) => d.message)));
    for (const d of found) {
      assert.equal(d.file, "core/skills/review/skill.md");
      assert.match(d.message, /skill\.md and .*SKILL\.md are one file on case-insensitive file systems/);
    }
  });

  it("paths that differ in more than case are not reported", async () => {
    const dir = testdir(
      clientFixture({
        "core/skills/review/SKILL.md": reviewSkill,
        "core/skills/review/skill-notes.md": "Notes.\n",
      }),
    );
    const { diagnostics } = await compileRegistry(dir, { offline: true });
    assert.deepEqual(
      diagnostics.filter((d) => d.id === "AGC028"),
      [],
    );
  });
});
