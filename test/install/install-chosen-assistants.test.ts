import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const realistic = join(packageRoot, "test", "fixtures", "realistic");

describe("a realistic registry with six assistants chosen, installed into a new project", () => {
  it("installs with --yes, has no drift, and uninstall leaves the project empty", async () => {
    const out = testdir();
    const build = await runAgentc(["build", realistic, "--out", out]);
    assert.equal(build.status, 0, build.stderr);
    const project = testdir();
    const install = await runAgentc(["install", out, "--project", project, "--yes"]);
    assert.equal(install.status, 0, install.stderr);
    // Claude Code's rules folder is also read by Copilot: one copy, written once
    assert.match(readFileSync(join(project, ".claude/rules/testing.md"), "utf8"), /test/i);
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
    const uninstall = await runAgentc(["uninstall", "--project", project, "--yes"]);
    assert.equal(uninstall.status, 0, uninstall.stderr);
    assert.deepEqual(readdirSync(project), []);
  });

  it("dropping Claude Code keeps the rule files Copilot reads in its folder", async () => {
    const out = testdir();
    assert.equal((await runAgentc(["build", realistic, "--out", out])).status, 0);
    const project = testdir();
    assert.equal((await runAgentc(["install", out, "--project", project, "--yes"])).status, 0);
    const narrowed = await runAgentc([
      "install",
      out,
      "--project",
      project,
      "--components",
      "agents-md,github-copilot",
      "--yes",
    ]);
    assert.equal(narrowed.status, 0, narrowed.stderr);
    assert.match(readFileSync(join(project, ".claude/rules/testing.md"), "utf8"), /test/i);
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
  });
});
