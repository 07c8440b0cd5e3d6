import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { treeHash } from "../support/project-tree-hash.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 29: after `agentc import`, the first install finds the person's hooks and MCP servers already equal to
 * what the bundle composes and adopts them. When the registry then changes one, the person's entry used to stay
 * beside agentc's new one (a hook ran twice). Now the install records the adopted values, takes a changed one
 * over in place (the person's text kept in the record), and uninstall gives it back byte for byte.
 */
const fixtures = join(packageRoot, "test", "fixtures", "adoption");

interface Adopted {
  project: string;
  registry: string;
  original: Record<string, string>;
}

async function importAndInstall(fixture: string): Promise<Adopted> {
  const work = testdir({}, "agentc-composed-takeover-");
  const project = join(work, "project");
  cpSync(join(fixtures, fixture), project, { recursive: true, verbatimSymlinks: true });
  const original = treeHash(project);
  const registry = join(work, "registry");
  assert.equal((await runAgentc(["import", project, "--out", registry])).status, 0);
  await buildAndInstall(registry, project, "b1");
  return { project, registry, original };
}

async function buildAndInstall(registry: string, project: string, out: string): Promise<string> {
  const build = join(registry, "..", out);
  const built = await runAgentc(["build", registry, "--out", build]);
  assert.equal(built.status, 0, built.stdout + built.stderr);
  const run = await runAgentc(["install", build, "--project", project, "--yes"]);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  return run.stdout + run.stderr;
}

/** Fixture 19's MCP server adopted, then changed in the registry and installed: taken over. */
async function serverTakenOver(): Promise<Adopted & { report: string }> {
  const adopted = await importAndInstall("19-claude-dir-mcp");
  editRegistry(
    adopted.registry,
    "core/mcp.json",
    "postgresql://localhost/dev",
    "postgresql://localhost/test",
  );
  return { ...adopted, report: await buildAndInstall(adopted.registry, adopted.project, "b2") };
}

async function uninstalled(project: string): Promise<string> {
  const uninstall = await runAgentc(["uninstall", "--project", project, "--yes"]);
  assert.equal(uninstall.status, 0, uninstall.stdout + uninstall.stderr);
  return uninstall.stdout + uninstall.stderr;
}

function editRegistry(registry: string, file: string, from: string, to: string): void {
  const path = join(registry, file);
  const text = readFileSync(path, "utf8");
  assert.ok(text.includes(from), `${file} holds ${from}`);
  writeFileSync(path, text.replace(from, to));
}

function composedRecord(project: string, path: string) {
  const record = JSON.parse(readFileSync(join(project, ".agentc/installed.json"), "utf8"));
  return record.composed.find((c: { path: string }) => c.path === path);
}

const settings = ".claude/settings.json";

describe("a person's composed values the registry changes are taken over, not doubled (issue 29)", () => {
  it("hooks: the edited hook replaces the person's in place; uninstall gives the file back byte for byte", async () => {
    const { project, registry, original } = await importAndInstall("24-claude-settings-hooks");
    const adopted = composedRecord(project, settings).adopted;
    assert.ok(
      adopted.some((r: { path: string[] }) => r.path.join(".") === "hooks.Stop"),
      "the first install records the person's equal hook as adopted",
    );
    editRegistry(registry, "core/hooks.json", "make test --silent", "make test --quiet");
    const report = await buildAndInstall(registry, project, "b2");
    assert.match(report, /- hooks\.Stop\[\] \{"hooks":\[\{"command":"make test --silent"/);
    const hooks = JSON.parse(readFileSync(join(project, settings), "utf8")).hooks;
    for (const event of ["PreToolUse", "PostToolUse", "Stop"])
      assert.equal(hooks[event].length, 1, `${event} holds one hook, not the person's beside agentc's`);
    assert.match(hooks.Stop[0].hooks[0].command, /make test --quiet$/);
    assert.doesNotMatch(JSON.stringify(hooks), /make test --silent/);
    const owned = composedRecord(project, settings).owned;
    const stop = owned.find((r: { path: string[] }) => r.path.join(".") === "hooks.Stop");
    assert.equal(stop.original, '{ "hooks": [{ "type": "command", "command": "make test --silent" }] }');
    const status = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(status.status, 0, status.stdout + status.stderr);

    editRegistry(registry, "core/hooks.json", "make test --quiet", "make check --quiet");
    await buildAndInstall(registry, project, "b3");
    const again = JSON.parse(readFileSync(join(project, settings), "utf8")).hooks;
    assert.equal(again.Stop.length, 1);
    assert.match(again.Stop[0].hooks[0].command, /make check --quiet$/);
    const kept = composedRecord(project, settings).owned.find(
      (r: { path: string[] }) => r.path.join(".") === "hooks.Stop",
    );
    assert.equal(kept.original, stop.original, "a later update keeps the person's original");

    await uninstalled(project);
    assert.deepEqual(treeHash(project), original);
  });

  it("a person's permission rule the bundle no longer carries stays theirs, never replaced by another rule", async () => {
    const { project, registry } = await importAndInstall("24-claude-settings-hooks");
    editRegistry(registry, "core/hooks.json", "make test --silent", "make test --quiet");
    await buildAndInstall(registry, project, "b2");
    const allow = JSON.parse(readFileSync(join(project, settings), "utf8")).permissions.allow;
    assert.ok(allow.includes("Write"), JSON.stringify(allow));
  });

  it("an MCP server: the changed server replaces the person's; uninstall restores their text", async () => {
    const { project, original, report } = await serverTakenOver();
    assert.doesNotMatch(report, /already exists and was not written by agentc/);
    const servers = JSON.parse(readFileSync(join(project, ".mcp.json"), "utf8")).mcpServers;
    assert.deepEqual(servers.postgres.args.at(-1), "postgresql://localhost/test");
    await uninstalled(project);
    assert.deepEqual(treeHash(project), original);
  });

  it("a person's value agentc took over and that was changed since is left, and the report quotes the original", async () => {
    const { project } = await serverTakenOver();
    const path = join(project, ".mcp.json");
    writeFileSync(path, readFileSync(path, "utf8").replace("localhost/test", "localhost/mine"));
    assert.match(await uninstalled(project), /your value from before was: \{/);
    assert.match(readFileSync(path, "utf8"), /localhost\/mine/);
  });

  it("a Codex server in .codex/config.toml: taken over as its table; uninstall gives the file back", async () => {
    const work = testdir({}, "agentc-composed-takeover-");
    const project = join(work, "project");
    cpSync(join(fixtures, "13-codex"), project, { recursive: true });
    const config = join(project, ".codex/config.toml");
    writeFileSync(
      config,
      `${readFileSync(config, "utf8")}\n[mcp_servers.docs]\ncommand = "npx"\nargs = ["-y", "docs-mcp"]\n`,
    );
    const original = treeHash(project);
    const registry = join(work, "registry");
    assert.equal((await runAgentc(["import", project, "--out", registry])).status, 0);
    await buildAndInstall(registry, project, "b1");
    assert.equal(composedRecord(project, ".codex/config.toml").adopted.length, 1);
    editRegistry(registry, "core/mcp.json", '"docs-mcp"', '"docs-mcp@2"');
    const report = await buildAndInstall(registry, project, "b2");
    assert.doesNotMatch(report, /already exists and was not written by agentc/);
    const text = readFileSync(config, "utf8");
    assert.match(text, /docs-mcp@2/);
    assert.equal(text.match(/\[mcp_servers\.docs\]/g)?.length, 1, "one docs server, not two");
    await uninstalled(project);
    assert.deepEqual(treeHash(project), original);
  });

  it("a give-back whose kept text was damaged in the record is refused, naming the file", async () => {
    const { project } = await serverTakenOver();
    const recordPath = join(project, ".agentc/installed.json");
    const record = JSON.parse(readFileSync(recordPath, "utf8"));
    record.composed[0].owned[0].original = "{ not json";
    writeFileSync(recordPath, `${JSON.stringify(record, null, 2)}\n`);
    const before = readFileSync(join(project, ".mcp.json"), "utf8");
    const uninstall = await runAgentc(["uninstall", "--project", project, "--yes"]);
    assert.notEqual(uninstall.status, 0);
    assert.match(uninstall.stdout + uninstall.stderr, /\.mcp\.json/);
    assert.match(uninstall.stdout + uninstall.stderr, /is not JSON: \{ not json/);
    assert.equal(readFileSync(join(project, ".mcp.json"), "utf8"), before);
  });
});
