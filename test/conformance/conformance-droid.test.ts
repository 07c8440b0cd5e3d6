import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it, type TestContext } from "node:test";
import {
  buildAndInstall,
  clientSandbox,
  describeRun,
  quietFixtureHooks,
  requireClient,
  runClient,
  writtenFor,
  writtenServers,
} from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession, mainRequest } from "../support/loopback/client-session.js";
import { assertCommandSent } from "../support/loopback/command-sent.js";
import { droidSession } from "../support/loopback/droid-session.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";
import {
  probePort,
  probeStarts,
  serversRegistry,
  stdioProbe,
  withMcpProbe,
} from "../support/loopback/mcp-probe.js";
import type { SessionRecord } from "../support/loopback/session-runner.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { testdir } from "../support/testdir.js";

const pack = "droid";
const secret = "AKIA4EXAMPLESECRETKEY";

const allBodies = (record: SessionRecord) => record.requests.map((r) => r.body).join("\n");

const settingsFile = (project: string) => join(project, ".factory", "settings.json");

/** A key at the top of the project's .factory/settings.json. */
function setting(project: string, key: string): unknown {
  return (JSON.parse(readFileSync(settingsFile(project), "utf8")) as Record<string, unknown>)[key];
}

/** Removes a key at the top of the project's .factory/settings.json until the test ends. */
function withoutSetting(t: TestContext, project: string, key: string): void {
  const text = readFileSync(settingsFile(project), "utf8");
  const { [key]: _, ...rest } = JSON.parse(text) as Record<string, unknown>;
  writeFileSync(settingsFile(project), `${JSON.stringify(rest, null, 2)}\n`);
  t.after(() => writeFileSync(settingsFile(project), text));
}

/** The pinned CLI and the installed project, its fixture hooks quiet until the test ends. */
async function sessionProject(t: TestContext) {
  const program = requireClient(t, "droid");
  if (!program) return undefined;
  const installed = await buildAndInstall(plainClientRegistry(), [pack]);
  t.after(quietFixtureHooks(installed.project));
  return { program, installed, project: installed.project };
}

/** An Execute call as Droid's tool schema requires it (a summary of 3-8 words, a risk level). */
const execute = (command: string) => ({
  name: "Execute",
  input: {
    command,
    summary: "Run the requested command now",
    riskLevelReason: "It changes files inside the project folder only.",
    riskLevel: "medium",
  },
});

/**
 * The pinned Droid CLI (the @factory/cli shim running its linux-x64 binary) in real `droid exec`
 * sessions on the project agentc installed, against a stand-in Anthropic API named by a custom model.
 */
describe("Factory Droid: sessions on the installed project", () => {
  it("carries AGENTS.md once and offers every model-invocable skill and every custom droid", async (t) => {
    const ready = await sessionProject(t);
    if (!ready) return;
    const { program, installed } = ready;
    const record = await droidSession(program, installed.project, "say OK");
    assert.equal(record.status, 0, describeSession(record));
    const body = mainRequest(record);
    const expected = expectedLoads(pack, installed.project, ["skill", "agent"]);
    assert.ok(expected.texts.length >= 1, "AGENTS.md");
    for (const text of expected.texts)
      assert.equal(occurrences(body, text.marker), 1, `${text.what}\n${describeSession(record)}`);
    assert.ok(expected.items.filter((i) => i.what.startsWith("agent ")).length >= 2, "droids expected");
    assert.ok(expected.items.filter((i) => i.what.startsWith("skill ")).length >= 2, "skills expected");
    for (const item of expected.items)
      assert.ok(occurrences(body, item.marker) >= 1, `${item.what}\n${describeSession(record)}`);
    const hidden = writtenFor(installed, pack, "skill").filter((f) =>
      f.bytes.toString("utf8").includes("\ndisable-model-invocation: true\n"),
    );
    assert.ok(hidden.length > 0, "a skill only people start");
    for (const skill of hidden)
      assert.equal(occurrences(body, `${skill.client?.name}:`), 0, `${skill.path} is not offered`);
  });

  it("runs each command of .factory/commands as /<name> with $ARGUMENTS filled", async (t) => {
    if (beyondSlice(t)) return;
    const ready = await sessionProject(t);
    if (!ready) return;
    const { program, installed } = ready;
    const commands = writtenFor(installed, pack, "command");
    assert.ok(commands.length > 0);
    for (const command of commands) {
      const record = await droidSession(program, installed.project, `/${command.client?.name} ARGMARKER`);
      assert.equal(record.status, 0, describeSession(record));
      assertCommandSent(record, installed.project, command, "$ARGUMENTS");
    }
  });

  it("droid mcp list lists exactly the servers agentc wrote, from the project", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "droid");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const run = await runClient(program, ["mcp", "list"], {
      cwd: installed.project,
      sandbox: clientSandbox(),
      timeoutMs: 90_000,
    });
    assert.equal(run.status, 0, describeRun(run));
    const listed = [...run.stdout.matchAll(/^\s+(\S+)\s+(?:stdio|http|sse)\s.*\[project\]\s*$/gm)].map(
      (m) => m[1],
    );
    const servers = writtenServers(installed, pack).map((s) => s.name);
    assert.ok(servers.length > 0);
    assert.deepEqual(listed.sort(), servers.sort(), describeRun(run));
  });

  it("runs the guard on PreToolUse: a Read of .env is blocked; without the hooks it reaches the model", async (t) => {
    if (beyondSlice(t)) return;
    const ready = await sessionProject(t);
    if (!ready) return;
    const { program, project } = ready;
    writeFileSync(join(project, ".env"), `AWS_ACCESS_KEY_ID=${secret}\n`);
    t.after(() => rmSync(join(project, ".env"), { force: true }));
    const tool = { name: "Read", input: { file_path: join(project, ".env") } };
    const guarded = await droidSession(program, project, "read it", { tool });
    assert.ok(guarded.requests.length >= 2, `the tool call was answered\n${describeSession(guarded)}`);
    assert.ok(!allBodies(guarded).includes(secret), describeSession(guarded));
    assert.ok(allBodies(guarded).includes("agentc-guard blocked this call"), describeSession(guarded));
    withoutSetting(t, project, "hooks");
    const open = await droidSession(program, project, "read it", { tool });
    assert.ok(
      allBodies(open).includes(secret),
      `without the hooks the same call reads it\n${describeSession(open)}`,
    );
  });

  it("never runs a command of commandBlocklist (deny), even at --auto high; without the list it runs", async (t) => {
    if (beyondSlice(t)) return;
    const ready = await sessionProject(t);
    if (!ready) return;
    const { program, project } = ready;
    assert.deepEqual(setting(project, "commandBlocklist"), [
      "git push --force",
      "git reset --hard",
      "rm -rf",
    ]);
    // commandAllowlist matches by command and subcommand, wider than an allowed command: not written
    assert.equal(setting(project, "commandAllowlist"), undefined);
    const build = join(project, "build");
    mkdirSync(build, { recursive: true });
    writeFileSync(join(build, "out.txt"), "built\n");
    t.after(() => rmSync(build, { recursive: true, force: true }));
    const tool = execute("echo cleaning && rm -rf build");
    const blocked = await droidSession(program, project, "clean up", { tool, flags: ["--auto", "high"] });
    assert.ok(existsSync(build), describeSession(blocked));
    assert.ok(
      allBodies(blocked).includes('matched blocked-command rule \\"rm -rf\\"'),
      describeSession(blocked),
    );
    withoutSetting(t, project, "commandBlocklist");
    const open = await droidSession(program, project, "clean up", { tool, flags: ["--auto", "high"] });
    assert.ok(!existsSync(build), describeSession(open));
  });

  it("asks before a command of commandDenylist (ask): droid exec at --auto high ends before running it", async (t) => {
    if (beyondSlice(t)) return;
    const ready = await sessionProject(t);
    if (!ready) return;
    const { program, project } = ready;
    assert.deepEqual(setting(project, "commandDenylist"), ["git push"]);
    const tool = execute("git push origin main");
    const asked = await droidSession(program, project, "publish", { tool, flags: ["--auto", "high"] });
    assert.notEqual(asked.status, 0, describeSession(asked));
    assert.match(asked.stderr, /insufficient permission/, describeSession(asked));
    assert.equal(asked.requests.length, 1, `no tool result went back\n${describeSession(asked)}`);
    withoutSetting(t, project, "commandDenylist");
    // Without the list Droid runs the push (it fails on its own: the project has no remote) and the
    // result goes back to the model.
    const open = await droidSession(program, project, "publish", { tool, flags: ["--auto", "high"] });
    assert.equal(open.status, 0, describeSession(open));
    assert.ok(open.requests.length >= 2, describeSession(open));
    assert.ok(allBodies(open).includes("tool_result"), describeSession(open));
  });
});

// biome-ignore lint/suspicious/noTemplateCurlyInString: a variable as an MCP config writes it
const variable = "${PROBE_TOKEN}";

describe("Factory Droid: variables in MCP servers (clients/droid.json mcp.env_reference_in)", () => {
  const token = "probe-token-4711";

  it("expands variables where agentc writes them, in env and headers; a server with one in its args is not written", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "droid");
    if (!program) return;
    const port = await probePort();
    const log = join(testdir(), "stdio.jsonl");
    const registry = serversRegistry({
      web: {
        transport: "http",
        url: `http://127.0.0.1:${port}/mcp`,
        headers: { Authorization: `Bearer ${variable}` },
      },
      local: {
        transport: "stdio",
        command: process.execPath,
        args: [stdioProbe, log],
        env: { TOKEN: variable },
      },
      literal: {
        transport: "stdio",
        command: process.execPath,
        args: [stdioProbe, log, `--token=${variable}`],
      },
    });
    const installed = await buildAndInstall(registry, [pack]);
    assert.deepEqual(
      writtenServers(installed, pack)
        .map((s) => s.name)
        .sort(),
      ["local", "web"],
    );
    const reported = (installed.compiled.diagnostics ?? []).filter((d) => d.id === "AGC150");
    assert.ok(
      reported.some((d) => d.message.includes("literal")),
      reported.map((d) => d.message).join("\n") || "no AGC150",
    );
    const written = readFileSync(join(installed.project, ".factory", "mcp.json"), "utf8");
    assert.match(written, /"Bearer \$\{PROBE_TOKEN\}"/, "the header is written with its variable");
    const sandbox = clientSandbox();
    const run = await withMcpProbe({
      port,
      program,
      args: ["mcp", "list"],
      cwd: installed.project,
      env: { ...(sandbox.env as Record<string, string>), PROBE_TOKEN: token },
      timeoutMs: 90_000,
    });
    const seen = `exit ${run.status}\n${run.stdout}\n${run.stderr}`;
    assert.equal(run.status, 0, seen);
    assert.ok(run.authorizations.length > 0, `the HTTP server was asked nothing\n${seen}`);
    assert.deepEqual([...new Set(run.authorizations)], [`Bearer ${token}`], seen);
    assert.deepEqual(probeStarts(log), [{ args: [], token }], seen);
  });

  it("passes a variable in a server's args on as written: why the pack does not write such a server", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "droid");
    if (!program) return;
    const log = join(testdir(), "stdio.jsonl");
    const servers = {
      literal: {
        type: "stdio",
        command: process.execPath,
        args: [stdioProbe, log, `--token=${variable}`],
      },
    };
    const project = testdir({ ".factory/mcp.json": JSON.stringify({ mcpServers: servers }) });
    mkdirSync(join(project, ".git"));
    const sandbox = clientSandbox();
    const run = await withMcpProbe({
      port: await probePort(),
      program,
      args: ["mcp", "list"],
      cwd: project,
      env: { ...(sandbox.env as Record<string, string>), PROBE_TOKEN: token },
      timeoutMs: 90_000,
    });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.deepEqual(probeStarts(log), [{ args: [`--token=${variable}`], token: null }]);
  });
});
