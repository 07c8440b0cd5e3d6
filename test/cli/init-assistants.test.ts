import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { builtinAssistants } from "../../src/registry/assistants.js";
import { keys, runOnTerminal } from "../support/pty-session.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

describe("init: choose the assistants once (issue 12, point 1)", () => {
  it('--assistants a,b writes targets.json "assistants"', async () => {
    const dir = join(testdir(), "reg");
    const result = await runAgentc(["init", dir, "--assistants", "cursor,claude-code"]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /serves: cursor, claude-code/);
    const targets = JSON.parse(readFileSync(join(dir, "targets.json"), "utf8"));
    assert.deepEqual(targets.assistants, ["cursor", "claude-code"]);
  });

  it("an unknown assistant is a usage error with a did-you-mean, and nothing is written", async () => {
    const dir = join(testdir(), "reg");
    const result = await runAgentc(["init", dir, "--assistants", "claude-code,cursr"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /unknown assistant "cursr" \(did you mean "cursor"\?\)/);
    assert.throws(() => readFileSync(join(dir, "targets.json")));
  });

  it("on a terminal it asks with a multi-select and writes what was picked", async () => {
    const dir = join(testdir(), "reg");
    // down to claude-code, wherever the list of built-in assistants puts it
    const downs = builtinAssistants().findIndex((a) => a.id === "claude-code");
    const screen = await runOnTerminal(["init", dir], "Which assistants", [
      ...Array<string>(downs).fill(keys.down),
      keys.space,
      keys.enter,
    ]);
    assert.equal(screen.status, 0, screen.screen);
    const targets = JSON.parse(readFileSync(join(dir, "targets.json"), "utf8"));
    assert.deepEqual(targets.assistants, ["claude-code"]);
  });

  it("a first install without a terminal and without --components installs the chosen assistants only", async () => {
    const base = testdir();
    const dir = join(base, "reg");
    await runAgentc(["init", dir, "--assistants", "cursor"]);
    assert.equal((await runAgentc(["build", dir])).status, 0);
    const project = testdir();
    const result = await runAgentc(["install", join(dir, "build"), "--project", project]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^components: agents-md, cursor$/m);
    const zip = join(base, "bundle.zip");
    assert.equal((await runAgentc(["pack", join(dir, "build"), "--out", zip])).status, 0);
    const fromZip = await runAgentc(["install", zip, "--project", testdir()]);
    assert.equal(fromZip.status, 0, fromZip.stdout + fromZip.stderr);
    assert.match(fromZip.stdout, /^components: agents-md, cursor$/m);
    const again = await runAgentc(["install", join(dir, "build"), "--project", project]);
    assert.match(again.stdout, /^components: agents-md, cursor$/m);
  });

  it("a registry that names no assistant still installs every component on a first install", async () => {
    const dir = join(testdir(), "reg");
    await runAgentc(["init", dir]);
    assert.equal((await runAgentc(["build", dir])).status, 0);
    const result = await runAgentc(["install", join(dir, "build"), "--project", testdir()]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    const components = /^components: (.*)$/m.exec(result.stdout)?.[1]?.split(", ") ?? [];
    assert.ok(components.length > 10, result.stdout);
  });
});
