import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { keys, runOnTerminal } from "../support/pty-session.js";
import { runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

describe("init: choose the assistants once (issue 12, point 1)", () => {
  it('--assistants a,b writes targets.json "assistants"', () => {
    const dir = join(testdir(), "reg");
    const result = runCli(["init", dir, "--assistants", "cursor,claude-code"]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /serves: cursor, claude-code/);
    const targets = JSON.parse(readFileSync(join(dir, "targets.json"), "utf8"));
    assert.deepEqual(targets.assistants, ["cursor", "claude-code"]);
  });

  it("an unknown assistant is a usage error with a did-you-mean, and nothing is written", () => {
    const dir = join(testdir(), "reg");
    const result = runCli(["init", dir, "--assistants", "claude-code,cursr"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /unknown assistant "cursr" \(did you mean "cursor"\?\)/);
    assert.throws(() => readFileSync(join(dir, "targets.json")));
  });

  it("on a terminal it asks with a multi-select and writes what was picked", async () => {
    const dir = join(testdir(), "reg");
    const screen = await runOnTerminal(["init", dir], "Which assistants", [
      keys.down,
      keys.down,
      keys.space,
      keys.enter,
    ]);
    assert.equal(screen.status, 0, screen.screen);
    const targets = JSON.parse(readFileSync(join(dir, "targets.json"), "utf8"));
    assert.deepEqual(targets.assistants, ["claude-code"]);
  });

  it("a first install without a terminal and without --components installs the chosen assistants only", () => {
    const base = testdir();
    const dir = join(base, "reg");
    runCli(["init", dir, "--assistants", "cursor"]);
    assert.equal(runCli(["build", dir]).status, 0);
    const project = testdir();
    const result = runCli(["install", join(dir, "build"), "--project", project]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^components: agents-md, cursor$/m);
    const zip = join(base, "bundle.zip");
    assert.equal(runCli(["pack", join(dir, "build"), "--out", zip]).status, 0);
    const fromZip = runCli(["install", zip, "--project", testdir()]);
    assert.equal(fromZip.status, 0, fromZip.stdout + fromZip.stderr);
    assert.match(fromZip.stdout, /^components: agents-md, cursor$/m);
    const again = runCli(["install", join(dir, "build"), "--project", project]);
    assert.match(again.stdout, /^components: agents-md, cursor$/m);
  });

  it("a registry that names no assistant still installs every component on a first install", () => {
    const dir = join(testdir(), "reg");
    runCli(["init", dir]);
    assert.equal(runCli(["build", dir]).status, 0);
    const result = runCli(["install", join(dir, "build"), "--project", testdir()]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    const components = /^components: (.*)$/m.exec(result.stdout)?.[1]?.split(", ") ?? [];
    assert.ok(components.length > 10, result.stdout);
  });
});
