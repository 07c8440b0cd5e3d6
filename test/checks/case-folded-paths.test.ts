import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { clientFixture } from "../../src/diagnostics/client-fixture.js";
import { reviewSkill } from "../../src/diagnostics/core-fixtures.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { runImport } from "../support/import-run.js";
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

describe("import leaves out a skill file whose name differs from another's only in case", () => {
  it("names it and imports the SKILL.md, so the imported registry builds", async () => {
    const skill =
      "---\nname: tidy\ndescription: Tidy the worktrees\n---\n\nRemove the worktrees of merged branches.\n";
    const root = testdir({
      ".claude/skills/tidy/SKILL.md": skill,
      ".claude/skills/tidy/skill.md": "Old notes.\n",
    });
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(
      run.json.diagnostics.some(
        (d) =>
          d.file === ".claude/skills/tidy/skill.md" &&
          /one file with .*SKILL\.md on case-insensitive/.test(d.message),
      ),
      JSON.stringify(run.json.diagnostics.map((d) => d.message)),
    );
    assert.equal(existsSync(join(run.out, "core/skills/tidy/skill.md")), false);
    assert.equal((await compileRegistry(run.out, { offline: true })).ok, true);
  });
});
