import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Most tests run the CLI in-process; these start bin/agentc.js as a real process once for each command that
 * no other test starts so (init, build, install, status and uninstall run through npx in npm-package.test,
 * check and explain in bundled-cli.test, serve in test/serve, run in example-team.test): the process
 * starts, prints, and its exit code (0, 1 or 2) reaches the shell.
 */
describe("bin/agentc.js as a real process, one run per command", () => {
  const work = testdir();
  const build = join(work, "build");
  const project = join(work, "project");
  before(async () => {
    assert.equal(
      (await runAgentc(["build", join(packageRoot, "examples", "registry"), "--out", build, "-q"])).status,
      0,
    );
    mkdirSync(project);
    assert.equal((await runAgentc(["install", build, "--project", project, "--yes", "-q"])).status, 0);
  });

  it("--version and a bare agentc", () => {
    assert.match(runCliProcess(["--version"]).stdout, /^\d+\.\d+\.\d+\n$/);
    const bare = runCliProcess([]);
    assert.equal(bare.status, 2);
    assert.match(bare.stdout, /^usage: agentc <command>/m);
  });

  it("import", () => {
    const out = join(work, "imported");
    const result = runCliProcess([
      "import",
      join(packageRoot, "test/fixtures/import/cursor"),
      "--out",
      out,
      "-q",
    ]);
    assert.equal(result.status, 0, result.stderr);
  });

  it("matrix", () => {
    const result = runCliProcess(["matrix", join(packageRoot, "examples", "registry")]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^# Capabilities/);
  });

  it("pack", () => {
    const result = runCliProcess(["pack", build, "--out", join(work, "bundle.zip")]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^packed \d+ files into .*bundle\.zip/);
  });

  it("update and outdated: exit 1 for a project installed from a folder, with the reason", () => {
    const update = runCliProcess(["update", "--project", project, "--check"]);
    assert.equal(update.status, 1);
    assert.match(update.stderr, /no source to update from/);
    const outdated = runCliProcess(["outdated", project, "--check"]);
    assert.equal(outdated.status, 1);
    assert.match(outdated.stdout, /unknown: no source to update from/);
  });

  it("publish: exit 2 without a target", () => {
    const result = runCliProcess(["publish", build]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /give what to publish and where/);
  });
});
