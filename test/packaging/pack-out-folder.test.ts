import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

describe("agentc pack --out", () => {
  it("puts bundle.zip into an existing folder named by --out", async () => {
    const work = testdir();
    const build = join(work, "build");
    assert.equal((await runAgentc(["build", "examples/registry", "--out", build, "--quiet"])).status, 0);
    const result = await runAgentc(["pack", build, "--out", work]);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(existsSync(join(work, "bundle.zip")));
    assert.ok(existsSync(join(work, "bundle.zip.sha256")));
  });
});
