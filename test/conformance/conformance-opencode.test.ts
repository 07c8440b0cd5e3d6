import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it, type TestContext } from "node:test";
import {
  buildAndInstall,
  clientSandbox,
  describeRun,
  requireClient,
  runClient,
  writtenServers,
} from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { importedServerNames, serverPerPlace } from "../support/settings-places.js";
import { testdir } from "../support/testdir.js";

const pack = "opencode";

interface Config {
  agent?: Record<string, { description?: string; prompt?: string }>;
  command?: Record<string, { description?: string; template?: string }>;
  mcp?: Record<string, { type?: string; command?: string[]; url?: string }>;
}

/** `opencode debug config` in a folder: the configuration OpenCode resolved, every source merged. */
async function resolved(t: TestContext, cwd: string): Promise<Config | undefined> {
  const program = requireClient(t, "opencode");
  if (!program) return undefined;
  const run = await runClient(program, ["debug", "config"], { cwd, sandbox: clientSandbox() });
  assert.equal(run.status, 0, describeRun(run));
  return JSON.parse(run.stdout) as Config;
}

/** Whether every server OpenCode resolved kept its transport: a bad entry is cut to {enabled} silently. */
function keptTransport(config: Config, names: string[]): string[] {
  return names.filter((name) => {
    const server = config.mcp?.[name];
    return !(server?.type === "local" ? (server.command?.length ?? 0) > 0 : typeof server?.url === "string");
  });
}

describe("OpenCode: what the pinned CLI resolves from the installed project", () => {
  it("refuses an MCP server whose command is not a list, naming it (the check can fail)", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "opencode");
    if (!program) return;
    const project = testdir({
      "opencode.json": JSON.stringify({ mcp: { issues: { type: "local", command: "npx" } } }),
    });
    const run = await runClient(program, ["debug", "config"], { cwd: project, sandbox: clientSandbox() });
    assert.notEqual(run.status, 0, describeRun(run));
    assert.match(run.stderr, /Expected array, got "npx" mcp\.issues\.command/, describeRun(run));
  });

  it("resolves every agent, command and MCP server agentc wrote, each with its transport", async (t) => {
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const config = await resolved(t, installed.project);
    if (!config) return;
    const emitted = (kind: string) =>
      (installed.compiled.tree?.files ?? [])
        .filter((f) => f.client?.client === pack && f.client.kind === kind)
        .map((f) => f.client?.name ?? "");
    for (const agent of emitted("agent")) assert.ok(config.agent?.[agent]?.prompt, `agent ${agent}`);
    for (const command of emitted("command"))
      assert.ok(config.command?.[command]?.template, `command ${command}`);
    const servers = writtenServers(installed, pack).map((s) => s.name);
    assert.ok(servers.length > 0);
    assert.deepEqual(keptTransport(config, servers), []);
    assert.deepEqual(Object.keys(config.mcp ?? {}).sort(), servers.sort());
  });

  it("lists every skill once (opencode debug skill)", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "opencode");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const run = await runClient(program, ["debug", "skill"], {
      cwd: installed.project,
      sandbox: clientSandbox(),
    });
    assert.equal(run.status, 0, describeRun(run));
    const listed = (JSON.parse(run.stdout) as { name: string; location: string }[]).filter((s) =>
      s.location.startsWith(installed.project),
    );
    const skills = (installed.compiled.tree?.files ?? [])
      .filter((f) => f.client?.client === pack && f.client.kind === "skill")
      .map((f) => f.client?.name ?? "")
      .sort();
    assert.deepEqual(listed.map((s) => s.name).sort(), skills);
  });
});

describe("OpenCode: the other places of its settings file (clients/opencode.json also_reads.settings_files)", () => {
  it("starts a server of each, and import reads each as OpenCode's", async (t) => {
    if (beyondSlice(t)) return;
    const places = ["opencode.jsonc", ".opencode/opencode.json", ".opencode/opencode.jsonc"];
    const { project, names } = serverPerPlace(places);
    const config = await resolved(t, project);
    if (!config) return;
    assert.deepEqual(Object.keys(config.mcp ?? {}).sort(), names);
    assert.deepEqual(await importedServerNames(project), names);
  });
});

describe("OpenCode: install into .opencode/opencode.json (src/install/plan/composed-places.ts)", () => {
  it("OpenCode resolves the registry's changed server: it went into the folder's file, which overrides opencode.json", async (t) => {
    if (beyondSlice(t)) return;
    const team =
      '{\n  // the team\'s servers\n  "mcp": { "docs": { "type": "local", "command": ["docs-mcp", "--v1"] } }\n}\n';
    const project = testdir({ ".opencode/opencode.json": team });
    const registry = join(testdir(), "registry");
    assert.equal((await runAgentc(["import", project, "--out", registry])).status, 0);
    const core = join(registry, "core", "mcp.json");
    writeFileSync(core, readFileSync(core, "utf8").replace('"--v1"', '"--v2"'));
    const build = join(testdir(), "build");
    assert.equal((await runAgentc(["build", registry, "--out", build, "--quiet"])).status, 0);
    const install = await runAgentc(["install", build, "--project", project, "--yes", "--take-imported"]);
    assert.equal(install.status, 0, `${install.stdout}${install.stderr}`);
    assert.equal(existsSync(join(project, "opencode.json")), false, "no second settings file");
    assert.match(readFileSync(join(project, ".opencode/opencode.json"), "utf8"), /\/\/ the team's servers/);
    const config = await resolved(t, project);
    if (!config) return;
    assert.deepEqual(config.mcp?.docs?.command, ["docs-mcp", "--v2"]);
  });
});
