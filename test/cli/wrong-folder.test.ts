import assert from "node:assert/strict";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { runMain } from "../support/run-main.js";
import { testdir } from "../support/testdir.js";

/** A registry made by `agentc init` (served: claude-code, cursor), not built. */
let registry = "";
before(async () => {
  registry = join(testdir(), "reg");
  const init = await runMain(["init", registry, "--assistants", "claude-code,cursor"]);
  assert.equal(init.status, 0, init.stderr);
});

describe("a folder given for the wrong role says what it is and what to run", () => {
  it("install <registry>: it is a registry, and the build command comes first", async () => {
    const project = testdir();
    const result = await runMain(["install", registry, "--project", project, "--yes"]);
    assert.equal(result.status, 2);
    assert.equal(
      result.stderr,
      `agentc install: ${registry} is a registry (it has sources.json), not a build of one\n  hint: build it first, then give the build: agentc build ${registry} && agentc install ${registry}/build\n`,
    );
    assert.doesNotMatch(result.stderr, /cannot read the manifest/);
  });

  it("install <registry> once built: give the build", async () => {
    const built = join(testdir(), "reg");
    await runMain(["init", built, "--assistants", "cursor"]);
    assert.equal((await runMain(["build", built, "--quiet"])).status, 0);
    const result = await runMain(["install", built, "--project", testdir(), "--yes"]);
    assert.match(result.stderr, new RegExp(`hint: give its build: agentc install ${built}/build \\(run`));
  });

  it("build, check or matrix <project>: a project with assistant files is told about agentc import", async () => {
    const project = testdir({ "AGENTS.md": "# Ours\n", ".cursor/rules/a.mdc": "---\n---\nA\n" });
    const note = `note: ${project} is a project with assistant files (.cursor/rules, AGENTS.md), not a registry: to start a registry from them, run agentc import ${project} --out ${project}-registry, then agentc build ${project}-registry`;
    for (const command of ["build", "check"]) {
      const result = await runMain([command, project]);
      assert.equal(result.status, 1, command);
      assert.match(result.stdout, /error AGC003 sources\.json does not exist/);
      assert.equal(result.stdout.trimEnd().split("\n").at(-1), note, command);
    }
    const matrix = await runMain(["matrix", project]);
    assert.equal(matrix.status, 1);
    assert.equal(matrix.stderr.trimEnd().split("\n").at(-1), note);
    const json = await runMain(["build", project, "--format", "json"]);
    assert.equal(JSON.parse(json.stdout).ok, false, "JSON stays one document");
  });

  it("build <empty folder> says how to make a registry (AGC003, agentc init), and no note", async () => {
    const result = await runMain(["build", testdir({ "notes.txt": "x\n" })]);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /error AGC003 sources\.json does not exist\n {2}hint: Run 'agentc init'/);
    assert.doesNotMatch(result.stdout, /note:|agentc import/);
  });

  it("a missing --project folder is named, with what to do; no '(usage)' line", async () => {
    const missing = join(testdir(), "nope");
    const install = await runMain(["install", join(registry, "build"), "--project", missing]);
    assert.equal(install.status, 2);
    assert.equal(
      install.stderr,
      `agentc install: the project folder ${missing} does not exist\n  hint: make the folder first (mkdir -p ${missing}), or name the project's folder with --project\n`,
    );
    for (const command of ["status", "uninstall", "update", "run"]) {
      const result = await runMain([command, "--project", missing]);
      assert.equal(result.status, 2, command);
      assert.equal(
        result.stderr,
        `agentc ${command}: the project folder ${missing} does not exist\n  hint: name the folder agentc installed into with --project (default: the current folder)\n`,
      );
    }
  });
});
