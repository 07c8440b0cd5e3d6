import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { parse as parseJsonc } from "jsonc-parser";
import { packageRoot } from "../../src/shared/package-paths.js";
import { plainFixture } from "../support/plain-fixture.js";
import { treeHash } from "../support/project-tree-hash.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * .devin/config.json is a file the person edits too (their permissions, MCP servers, read_config_from): the
 * devin pack owns only its own values in it. Through the real CLI: build the client fixture for Devin alone,
 * install it into a project that has its own config, then uninstall.
 */

const personsConfig = `{
  // the team's Devin settings
  "permissions": {
    "allow": ["Exec(make test)"], // ours
    "deny": ["Read(private/**)"]
  },
  "mcpServers": {
    "db": { "command": "db-mcp" }
  },
  "read_config_from": { "cursor": false }
}
`;

let bundle = "";

before(async () => {
  const registry = join(testdir({}, "agentc-devin-reg-"), "registry");
  cpSync(join(packageRoot, "test", "fixtures", "client-registry"), registry, { recursive: true });
  plainFixture(registry);
  const mcp = join(registry, "core", "mcp.json");
  const core = JSON.parse(readFileSync(mcp, "utf8")) as { servers: Record<string, Record<string, unknown>> };
  delete core.servers.docs?.headers; // Devin has no variable form for it (AGC150)
  writeFileSync(mcp, `${JSON.stringify(core, null, 2)}\n`);
  const targets = join(registry, "targets.json");
  const parsed = JSON.parse(readFileSync(targets, "utf8")) as object;
  writeFileSync(targets, `${JSON.stringify({ ...parsed, builtin_clients: ["devin"] }, null, 2)}\n`);
  bundle = join(testdir({}, "agentc-devin-out-"), "out");
  const built = await runAgentc(["build", registry, "--out", bundle]);
  assert.equal(built.status, 0, built.stdout + built.stderr);
});

interface DevinConfig {
  permissions: Record<string, string[]>;
  mcpServers: Record<string, unknown>;
  hooks?: Record<string, unknown[]>;
  read_config_from?: unknown;
}

/** Devin reads its config files as JSON with comments. */
const parse = (text: string): DevinConfig => parseJsonc(text) as DevinConfig;

describe("Devin's .devin/config.json beside the person's own", () => {
  it("install keeps every key, value and comment of the person's file and adds only agentc's values", async () => {
    const project = testdir({ ".devin/config.json": personsConfig, "src/app.ts": "export {};\n" });
    const r = await runAgentc(["install", bundle, "--project", project, "--yes", "--format", "json"]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as { conflicts: unknown[] }).conflicts, []);
    const text = readFileSync(join(project, ".devin/config.json"), "utf8");
    for (const line of ["// the team's Devin settings", "// ours", '"read_config_from": { "cursor": false }'])
      assert.ok(text.includes(line), `the person's ${line} is kept`);
    const config = parse(text);
    assert.ok(config.permissions.allow?.includes("Exec(make test)"));
    assert.ok(config.permissions.allow?.includes("Exec(npm test)"), "agentc's allow rule is added");
    assert.ok(config.permissions.deny?.includes("Read(private/**)"));
    assert.ok(config.permissions.deny?.includes("Read(secrets/**)"), "agentc's deny rule is added");
    assert.deepEqual(Object.keys(config.mcpServers).sort(), ["db", "events", "issues", "docs"].sort());
    assert.ok(config.hooks?.PreToolUse && config.hooks.PreToolUse.length > 0, "the guard's hook is added");
    assert.ok(
      readFileSync(join(project, ".devin/skills/code-review/SKILL.md"), "utf8").includes("allowed-tools"),
    );
    assert.ok(
      readFileSync(join(project, ".devin/agents/reviewer/AGENT.md"), "utf8").startsWith(
        "---\nname: reviewer\n",
      ),
    );
  });

  it("uninstall gives the person's .devin/config.json back byte for byte, and the project as it was", async () => {
    const project = testdir({ ".devin/config.json": personsConfig, "src/app.ts": "export {};\n" });
    const before = treeHash(project);
    assert.equal((await runAgentc(["install", bundle, "--project", project, "--yes"])).status, 0);
    const un = await runAgentc(["uninstall", "--project", project]);
    assert.equal(un.status, 0, un.stdout + un.stderr);
    assert.equal(readFileSync(join(project, ".devin/config.json"), "utf8"), personsConfig);
    assert.deepEqual(treeHash(project), before);
  });

  it("without a config of the person's, install creates the file and uninstall removes it", async () => {
    const project = testdir({ "src/app.ts": "export {};\n" });
    const before = treeHash(project);
    assert.equal((await runAgentc(["install", bundle, "--project", project, "--yes"])).status, 0);
    const config = parse(readFileSync(join(project, ".devin/config.json"), "utf8"));
    assert.deepEqual(Object.keys(config).sort(), ["hooks", "mcpServers", "permissions"]);
    assert.equal((await runAgentc(["uninstall", "--project", project])).status, 0);
    assert.deepEqual(treeHash(project), before);
  });
});
