import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "jsonc-parser";
import { makeComposeBundle } from "../support/compose-bundle.js";
import { install, snapshot, withoutAgentc } from "../support/install-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * A client may read its settings file from other places (clients/*.json also_reads.settings_files):
 * OpenCode reads `.opencode/opencode.json` beside `opencode.json` and lets it override the root file.
 * Where the file agentc composes into is missing and exactly one such place is there, install composes
 * into that one (src/install/plan/composed-places.ts).
 */
const teamConfig = `{
  // the team's OpenCode settings
  "$schema": "https://opencode.ai/config.json",
  "mcp": {
    "docs": { "type": "local", "command": ["npx", "-y", "@acme/docs-mcp"] }
  }
}
`;

const bundleWith = (server: string) =>
  makeComposeBundle({ components: { opencode: { files: { "AGENTS.md": "# Rules\n" } } } }, [
    {
      component: "opencode",
      path: "opencode.json",
      format: "json",
      entries: [
        { path: ["mcp", "tickets"], value: { type: "remote", url: `https://${server}.example.com/mcp` } },
      ],
    },
  ]);

const mcpOf = (project: string, path: string) =>
  Object.keys((parse(readFileSync(join(project, path), "utf8")) as { mcp: object }).mcp);

describe("agentc install composes into the other place of a settings file the project has", () => {
  it("adds its server to .opencode/opencode.json, comments kept, creates no opencode.json; uninstall gives the file back", async () => {
    const project = testdir({ ".opencode/opencode.json": teamConfig });
    const before = snapshot(project);
    const installed = await install(bundleWith("tickets"), project);
    assert.equal(installed.status, 0, installed.stdout + installed.stderr);
    assert.equal(existsSync(join(project, "opencode.json")), false, "no second settings file");
    const text = readFileSync(join(project, ".opencode/opencode.json"), "utf8");
    assert.match(text, /\/\/ the team's OpenCode settings/);
    assert.deepEqual(mcpOf(project, ".opencode/opencode.json"), ["docs", "tickets"]);
    const status = await runAgentc(["status", "--project", project]);
    assert.match(status.stdout, /^no drift$/m, status.stdout);
    // an opencode.json the person writes later is theirs: the record keeps agentc's values where they are
    writeFileSync(join(project, "opencode.json"), "{}\n");
    const upgraded = await install(bundleWith("tickets-v2"), project);
    assert.equal(upgraded.status, 0, upgraded.stdout + upgraded.stderr);
    assert.match(readFileSync(join(project, ".opencode/opencode.json"), "utf8"), /tickets-v2\.example\.com/);
    assert.equal(readFileSync(join(project, "opencode.json"), "utf8"), "{}\n");
    rmSync(join(project, "opencode.json"));
    assert.equal((await runAgentc(["uninstall", "--project", project, "--yes"])).status, 0);
    assert.deepEqual(snapshot(project, withoutAgentc), before);
  });

  it("writes opencode.json, and says why, where two other places are there", async () => {
    const project = testdir({ ".opencode/opencode.json": teamConfig, "opencode.jsonc": teamConfig });
    const installed = await install(bundleWith("tickets"), project);
    assert.equal(installed.status, 0, installed.stdout + installed.stderr);
    assert.deepEqual(mcpOf(project, "opencode.json"), ["tickets"]);
    assert.match(
      installed.stdout + installed.stderr,
      /opencode\.json: is read from \.opencode\/opencode\.json and opencode\.jsonc here too/,
    );
  });

  it("writes opencode.json where the other place is reached through a linked folder, which it never writes through", async () => {
    const shared = testdir({ "opencode.json": teamConfig });
    const project = testdir({});
    symlinkSync(shared, join(project, ".opencode"));
    const installed = await install(bundleWith("tickets"), project);
    assert.equal(installed.status, 0, installed.stdout + installed.stderr);
    assert.deepEqual(mcpOf(project, "opencode.json"), ["tickets"]);
    assert.equal(readFileSync(join(shared, "opencode.json"), "utf8"), teamConfig);
  });

  it("keeps composing into opencode.json once it did, even when another place appears later", async () => {
    const project = testdir({});
    assert.equal((await install(bundleWith("tickets"), project)).status, 0);
    assert.deepEqual(mcpOf(project, "opencode.json"), ["tickets"]);
    const team = join(project, ".opencode", "opencode.json");
    mkdirSync(join(project, ".opencode"));
    writeFileSync(team, teamConfig);
    const again = await install(bundleWith("tickets-v2"), project);
    assert.equal(again.status, 0, again.stdout + again.stderr);
    assert.match(readFileSync(join(project, "opencode.json"), "utf8"), /tickets-v2/);
    assert.equal(readFileSync(team, "utf8"), teamConfig);
    // the record names opencode.json: deleted by the person, it is composed again there, not into the place
    rmSync(join(project, "opencode.json"));
    const restored = await install(bundleWith("tickets-v2"), project);
    assert.equal(restored.status, 0, restored.stdout + restored.stderr);
    assert.deepEqual(mcpOf(project, "opencode.json"), ["tickets"]);
    assert.equal(readFileSync(team, "utf8"), teamConfig);
  });
});
