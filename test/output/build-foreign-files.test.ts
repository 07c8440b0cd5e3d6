import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

describe("agentc build never overwrites a file it did not write", () => {
  it("refuses, writing nothing, when --out holds a person's AGENTS.md", async () => {
    const out = testdir({ "AGENTS.md": "# My own notes\n" });
    const result = await runAgentc(["build", "examples/registry", "--out", out]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /nothing written: .* AGENTS\.md/);
    assert.equal(readFileSync(join(out, "AGENTS.md"), "utf8"), "# My own notes\n");
    assert.equal(
      (await runAgentc(["build", "examples/registry", "--out", join(out, "sub"), "--quiet"])).status,
      0,
    );
  });

  it("refuses to replace or remove a built file edited since the last build", async () => {
    const out = join(testdir(), "build");
    assert.equal((await runAgentc(["build", "examples/registry", "--out", out, "--quiet"])).status, 0);
    writeFileSync(join(out, "AGENTS.md"), "edited by hand\n");
    const again = await runAgentc(["build", "examples/registry", "--out", out]);
    assert.equal(again.status, 1);
    assert.equal(readFileSync(join(out, "AGENTS.md"), "utf8"), "edited by hand\n");
  });

  it("replaces files an earlier build wrote", async () => {
    const work = testdir();
    const registry = join(work, "registry");
    const out = join(work, "out");
    assert.equal((await runAgentc(["init", registry])).status, 0);
    assert.equal((await runAgentc(["build", registry, "--out", out, "--quiet"])).status, 0);
    const rule = join(registry, "sources", "team", "project.md");
    writeFileSync(rule, `${readFileSync(rule, "utf8")}\n- One more line.\n`);
    const again = await runAgentc(["build", registry, "--out", out, "--format", "json"]);
    assert.equal(again.status, 0, again.stderr);
    assert.ok((JSON.parse(again.stdout).written as string[]).includes("AGENTS.md"));
  });
});
