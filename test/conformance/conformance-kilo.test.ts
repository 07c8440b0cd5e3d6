import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it, type TestContext } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import {
  buildAndInstall,
  clientSandbox,
  describeRun,
  requireClient,
  runClient,
  writtenFor,
  writtenServers,
} from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { legacyKiloMcp } from "../support/legacy-kilo-mcp.js";
import { clientSession, describeSession, mainRequest } from "../support/loopback/client-session.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";
import type { ToolCall } from "../support/loopback/model-apis.js";
import { disabledServers, loopbackUserConfig } from "../support/opencode-session.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { importedServerNames, serverPerPlace } from "../support/settings-places.js";
import { testdir } from "../support/testdir.js";

const pack = "kilo";

interface Config {
  agent?: Record<string, { prompt?: string }>;
  command?: Record<string, { template?: string }>;
  mcp?: Record<
    string,
    {
      type?: string;
      command?: string[];
      url?: string;
      environment?: Record<string, string>;
      enabled?: boolean;
    }
  >;
  permission?: Record<string, unknown>;
  instructions?: string[];
}

/** Kilo's CLI start can take most of a minute on two busy cores (a 170 MB binary, its built-in plugins). */
const kiloTimeoutMs = 120_000;

/** `kilo debug config` in the project: the configuration Kilo resolved, every source merged. */
async function resolved(t: TestContext, cwd: string): Promise<Config | undefined> {
  const program = requireClient(t, "kilo");
  if (!program) return undefined;
  const run = await runClient(program, ["debug", "config"], {
    cwd,
    sandbox: clientSandbox(),
    timeoutMs: kiloTimeoutMs,
  });
  assert.equal(run.status, 0, describeRun(run));
  return JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as Config;
}

/**
 * `kilo run <prompt>` against a stand-in Anthropic API (a provider of the sandbox's user kilo.json), the
 * project's MCP servers switched off in the inline config (KILO_CONFIG_CONTENT): starting the fixture's
 * `npx -y` servers offline only costs time.
 */
function kiloSession(program: string[], project: string, prompt: string, tool?: ToolCall) {
  const sandbox = clientSandbox();
  const inline = { mcp: disabledServers(project, "kilo.json") };
  return clientSession({
    api: "anthropic",
    cwd: project,
    env: { ...(sandbox.env as Record<string, string>), KILO_CONFIG_CONTENT: JSON.stringify(inline) },
    files: { [join(sandbox.home, ".config", "kilo", "kilo.json")]: JSON.stringify(loopbackUserConfig) },
    steps: [{ program, args: ["run", "-m", "loopback/claude-sonnet-4-5", prompt] }],
    ...(tool ? { tool } : {}),
    timeoutMs: kiloTimeoutMs,
  });
}

describe("Kilo Code CLI: what the pinned CLI resolves and loads from the installed project", () => {
  it("resolves every agent, command, rule, MCP server and the permission object agentc wrote", async (t) => {
    if (beyondSlice(t)) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const config = await resolved(t, installed.project);
    if (!config) return;
    for (const agent of writtenFor(installed, pack, "agent"))
      assert.ok(config.agent?.[agent.client?.name ?? ""]?.prompt, `agent ${agent.path}`);
    for (const command of writtenFor(installed, pack, "command"))
      assert.ok(config.command?.[command.client?.name ?? ""]?.template, `command ${command.path}`);
    const rules = writtenFor(installed, pack, "rule").map((f) => join(installed.project, f.path));
    assert.ok(rules.length > 0);
    for (const rule of rules)
      assert.ok(config.instructions?.includes(rule), `${rule} in ${config.instructions}`);
    const servers = writtenServers(installed, pack).map((s) => s.name);
    assert.ok(servers.length > 0);
    assert.deepEqual(Object.keys(config.mcp ?? {}).sort(), servers.sort());
    const written = JSON.parse(readFileSync(join(installed.project, "kilo.json"), "utf8")) as Config;
    assert.deepEqual(config.permission?.bash, written.permission?.bash);
  });

  it("lists every skill of .kilo/skills (kilo debug skill)", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "kilo");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const run = await runClient(program, ["debug", "skill"], {
      cwd: installed.project,
      sandbox: clientSandbox(),
      timeoutMs: kiloTimeoutMs,
    });
    assert.equal(run.status, 0, describeRun(run));
    const listed = (
      JSON.parse(run.stdout.slice(run.stdout.indexOf("["))) as { name: string; location: string }[]
    )
      .filter((s) => s.location.startsWith(installed.project))
      .map((s) => s.location.slice(installed.project.length + 1));
    const skills = writtenFor(installed, pack, "skill").filter((f) => f.path.endsWith("/SKILL.md"));
    assert.ok(skills.length > 0);
    assert.deepEqual(listed.sort(), skills.map((f) => f.path).sort(), describeRun(run));
  });

  it("a session carries AGENTS.md and every rule of .kilo/rules once, and offers every skill", async (t) => {
    const program = requireClient(t, "kilo");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const record = await kiloSession(program, installed.project, "say OK");
    assert.equal(record.status, 0, describeSession(record));
    const body = mainRequest(record);
    const expected = expectedLoads(pack, installed.project, ["skill"]);
    assert.ok(expected.texts.length >= 5, "AGENTS.md and four rules");
    for (const text of expected.texts)
      assert.equal(occurrences(body, text.marker), 1, `${text.what}\n${describeSession(record)}`);
    for (const item of expected.items)
      assert.ok(occurrences(body, item.marker) >= 1, `${item.what}\n${describeSession(record)}`);
  });

  it("refuses the command kilo.json denies (rm -rf build); without the permission object it runs", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "kilo");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const project = installed.project;
    const build = join(project, "build");
    const tool = { name: "bash", input: { command: "rm -rf build", description: "Clean up" } };
    // a folder with a file in it, for rm -rf to remove
    mkdirSync(build, { recursive: true });
    writeFileSync(join(build, "out.txt"), "built\n");
    t.after(() => rmSync(build, { recursive: true, force: true }));
    const denied = await kiloSession(program, project, "clean up", tool);
    assert.ok(existsSync(build), describeSession(denied));
    assert.ok(
      denied.requests.some((r) => r.body.includes("prevents you from using this specific tool call")),
      describeSession(denied),
    );
    const file = join(project, "kilo.json");
    const text = readFileSync(file, "utf8");
    const { permission: _, ...rest } = JSON.parse(text) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify(rest, null, 2)}\n`);
    t.after(() => writeFileSync(file, text));
    const open = await kiloSession(program, project, "clean up", tool);
    assert.ok(!existsSync(build), describeSession(open));
  });
});

describe("Kilo Code CLI: MCP servers with variables", () => {
  it("none is written with {env:NAME}, which makes Kilo skip the whole kilo.json; the others load", async (t) => {
    const installed = await buildAndInstall(join(packageRoot, "test", "fixtures", "client-registry"), [pack]);
    const written = readFileSync(join(installed.project, "kilo.json"), "utf8");
    assert.doesNotMatch(written, /\{env:/);
    const servers = writtenServers(installed, pack).map((s) => s.name);
    assert.deepEqual(servers, ["events"], "issues and docs hold variables: reported, not written");
    const config = await resolved(t, installed.project);
    if (!config) return;
    assert.deepEqual(Object.keys(config.mcp ?? {}), servers, "Kilo read kilo.json");
    assert.ok(config.permission, "with its permission object");
  });
});

describe("Kilo Code CLI: the legacy .kilocode/mcp.json (clients/kilo.json mcp.also_read)", () => {
  it("starts what import reads from it; installed, each server once, and the one switched off stays off", async (t) => {
    if (beyondSlice(t)) return;
    const project = testdir({ ".kilocode/mcp.json": JSON.stringify(legacyKiloMcp) });
    const before = await resolved(t, project);
    if (!before) return;
    assert.deepEqual(Object.keys(before.mcp ?? {}).sort(), ["docs", "events", "lint", "paused", "tickets"]);
    assert.equal(before.mcp?.paused?.enabled, false);
    assert.deepEqual(before.mcp?.docs?.command, ["npx", "-y", "@acme/docs-mcp"]);
    const registry = join(testdir(), "registry");
    assert.equal((await runAgentc(["import", project, "--out", registry])).status, 0);
    const build = join(testdir(), "build");
    assert.equal((await runAgentc(["build", registry, "--out", build, "--quiet"])).status, 0);
    const install = await runAgentc(["install", build, "--project", project, "--yes"]);
    assert.equal(install.status, 0, `${install.stdout}${install.stderr}`);
    const after = await resolved(t, project);
    assert.deepEqual(Object.keys(after?.mcp ?? {}).sort(), ["docs", "events", "lint", "paused", "tickets"]);
    assert.equal(after?.mcp?.paused?.enabled, false, "kilo.json does not switch it on");
    for (const name of ["docs", "events", "lint", "tickets"]) {
      const target = (config: Config | undefined): unknown => {
        const server = config?.mcp?.[name];
        return server?.command ?? server?.url;
      };
      assert.deepEqual(target(after), target(before), name);
    }
  });
});

describe("Kilo Code CLI: the other places of its settings file (clients/kilo.json also_reads.settings_files)", () => {
  it("starts a server of each, and import reads each as Kilo's", async (t) => {
    if (beyondSlice(t)) return;
    const places = [
      "kilo.jsonc",
      ".kilo/kilo.json",
      ".kilo/kilo.jsonc",
      ".kilocode/kilo.json",
      ".kilocode/kilo.jsonc",
    ];
    const { project, names } = serverPerPlace(places);
    const config = await resolved(t, project);
    if (!config) return;
    assert.deepEqual(Object.keys(config.mcp ?? {}).sort(), names);
    assert.deepEqual(await importedServerNames(project), names);
  });
});
