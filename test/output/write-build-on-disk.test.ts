import assert from "node:assert/strict";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const nested = join(".claude", "skills", "test-files", "SKILL.md");

/** The writer skips per-file checks below folders that do not exist; these cases must still be caught. */
describe("agentc build finds files of its own paths however deep, or behind a symlinked folder", () => {
  it("refuses a person's file in a nested folder while its sibling folders are missing", async () => {
    const out = testdir({ [nested]: "mine\n" });
    const result = await runAgentc(["build", "examples/registry", "--out", out]);
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /nothing written: .*SKILL\.md/);
    assert.equal(readFileSync(join(out, nested), "utf8"), "mine\n");
  });

  it("refuses a person's file reached through a symlinked folder", async () => {
    const elsewhere = testdir({ [join("skills", "test-files", "SKILL.md")]: "mine\n" });
    const out = testdir();
    mkdirSync(join(out, ".claude"));
    symlinkSync(join(elsewhere, "skills"), join(out, ".claude", "skills"));
    const result = await runAgentc(["build", "examples/registry", "--out", out]);
    assert.equal(result.status, 1, result.stderr);
    assert.equal(readFileSync(join(elsewhere, "skills", "test-files", "SKILL.md"), "utf8"), "mine\n");
  });

  it("writes every file into a missing folder, then rewrites none on an unchanged rebuild", async () => {
    const out = join(testdir(), "deep", "out");
    const first = await runAgentc(["build", "examples/registry", "--out", out, "--format", "json"]);
    assert.equal(first.status, 0, first.stderr);
    const written = JSON.parse(first.stdout).written as string[];
    assert.ok(written.includes(nested.split("\\").join("/")));
    writeFileSync(join(out, "unrelated.txt"), "left alone\n");
    const again = await runAgentc(["build", "examples/registry", "--out", out, "--format", "json"]);
    assert.equal(again.status, 0, again.stderr);
    assert.deepEqual(JSON.parse(again.stdout).written, []);
    assert.equal(JSON.parse(again.stdout).unchanged, written.length);
  });
});
