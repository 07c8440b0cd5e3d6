import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { unzipSync } from "fflate";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

describe("agentc build with a plugin", () => {
  it("writes plugin.zip and marketplace.json beside manifest.json, outside the artifacts, and leaves them on rebuild", async () => {
    const out = join(testdir(), "build");
    const first = await runAgentc(["build", "examples/registry", "--out", out, "--format", "json"]);
    assert.equal(first.status, 0, first.stdout + first.stderr);
    assert.ok((JSON.parse(first.stdout).written as string[]).includes("plugin.zip"));
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
    assert.ok(!manifest.artifacts.includes("plugin.zip"));
    const entries = unzipSync(new Uint8Array(readFileSync(join(out, "plugin.zip"))));
    assert.ok(entries["skills/ste-documentation-style/SKILL.md"]);
    const hooks = Buffer.from(entries["hooks/hooks.json"] ?? new Uint8Array()).toString("utf8");
    assert.match(hooks, /\$\{CLAUDE_PLUGIN_ROOT\}\/skills\/ste-documentation-style\/SKILL\.md/);
    const market = JSON.parse(readFileSync(join(out, "marketplace.json"), "utf8"));
    assert.equal(market.plugins[0].name, "bestaiconfig");
    const before = statSync(join(out, "plugin.zip")).mtimeMs;
    const second = await runAgentc(["build", "examples/registry", "--out", out, "--format", "json"]);
    assert.deepEqual(JSON.parse(second.stdout).written, []);
    assert.equal(statSync(join(out, "plugin.zip")).mtimeMs, before);
  });
});
