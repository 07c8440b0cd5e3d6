import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
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
import {
  clientSession,
  describeSession,
  mainRequest,
  type SessionRecord,
} from "../support/loopback/client-session.js";
import { assertCommandSent } from "../support/loopback/command-sent.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";
import { probeStarts, serversRegistry, stdioProbe } from "../support/loopback/mcp-probe.js";
import type { ToolCall } from "../support/loopback/model-apis.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { testdir } from "../support/testdir.js";

const pack = "augment";
const secret = "LOOPBACK_SECRET_4711";

/** Auggie's start (a 13 MB bundle) and its first request take most of a minute on two busy cores. */
const auggieTimeoutMs = 120_000;

/**
 * `auggie -p <prompt>` in the project against a stand-in for Augment's own API: the session JSON of
 * AUGMENT_SESSION_AUTH names it as the tenant URL. userSettings is the person's ~/.augment/settings.json.
 */
function auggieSession(
  program: string[],
  project: string,
  prompt: string,
  tool?: ToolCall,
  userSettings?: object,
) {
  const sandbox = clientSandbox();
  if (userSettings) {
    mkdirSync(join(sandbox.home, ".augment"), { recursive: true });
    writeFileSync(join(sandbox.home, ".augment", "settings.json"), JSON.stringify(userSettings));
  }
  const auth = { accessToken: "loopback", tenantURL: "{base}/", scopes: ["email"] };
  return clientSession({
    api: "augment",
    cwd: project,
    env: { ...(sandbox.env as Record<string, string>), AUGMENT_SESSION_AUTH: JSON.stringify(auth) },
    steps: [{ program, args: ["-w", project, "--dont-save-session", "-p", prompt] }],
    ...(tool ? { tool } : {}),
    timeoutMs: auggieTimeoutMs,
  });
}

interface SentRule {
  path: string;
  type: number;
  description?: string | null;
}

/**
 * The pinned Auggie CLI in real sessions on the project agentc installed. Auggie sends every turn to
 * Augment's service, never to a model vendor, so the stand-in answers Augment's chat-stream protocol.
 */
describe("Augment (Auggie CLI): sessions on the installed project", () => {
  it("sends AGENTS.md and every always_apply rule once, agent_requested rules with their description, no manual rule; offers every skill and agent", async (t) => {
    const program = requireClient(t, "auggie");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    t.after(quietFixtureHooks(installed.project));
    const record = await auggieSession(program, installed.project, "say OK");
    assert.equal(record.status, 0, describeSession(record));
    const body = mainRequest(record);
    const expected = expectedLoads(pack, installed.project, ["skill", "agent"]);
    assert.ok(expected.texts.length >= 2, "AGENTS.md and an always_apply rule");
    for (const text of expected.texts)
      assert.equal(occurrences(body, text.marker), 1, `${text.what}\n${describeSession(record)}`);
    assert.ok(expected.items.some((i) => i.what.startsWith("agent ")));
    for (const item of expected.items)
      assert.ok(occurrences(body, item.marker) >= 1, `${item.what}\n${describeSession(record)}`);
    const sent = (JSON.parse(body) as { rules: SentRule[] }).rules;
    const typeOf = { always_apply: 0, agent_requested: 2 } as Record<string, number>;
    const rules = writtenFor(installed, pack, "rule");
    assert.ok(rules.some((r) => r.bytes.toString("utf8").includes("type: manual")));
    for (const rule of rules) {
      const type = /^type: (\S+)$/m.exec(rule.bytes.toString("utf8"))?.[1] ?? "";
      const entry = sent.find((r) => r.path === rule.path);
      if (type === "manual") assert.equal(entry, undefined, `${rule.path} waits to be attached`);
      else assert.equal(entry?.type, typeOf[type], `${rule.path}: ${JSON.stringify(entry)}`);
      if (type === "agent_requested") assert.ok(entry?.description, `${rule.path} has its description`);
    }
  });

  it("runs each command of .augment/commands as /<name> with $ARGUMENTS filled", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "auggie");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    t.after(quietFixtureHooks(installed.project));
    const commands = writtenFor(installed, pack, "command");
    assert.ok(commands.length > 0);
    for (const command of commands) {
      const record = await auggieSession(program, installed.project, `/${command.client?.name} ARGMARKER`);
      assert.equal(record.status, 0, describeSession(record));
      assertCommandSent(record, installed.project, command, "$ARGUMENTS");
    }
  });

  it("auggie mcp list --json lists exactly the servers agentc wrote", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "auggie");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const run = await runClient(program, ["mcp", "list", "--json"], {
      cwd: installed.project,
      sandbox: clientSandbox(),
      timeoutMs: auggieTimeoutMs,
    });
    assert.equal(run.status, 0, describeRun(run));
    const listed = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as { servers: { name: string }[] };
    const names = listed.servers.map((s) => s.name);
    const servers = writtenServers(installed, pack).map((s) => s.name);
    assert.ok(servers.length > 0);
    assert.deepEqual(names.sort(), servers.sort(), describeRun(run));
  });

  it("runs the guard on PreToolUse: a view of a secrets file is blocked; without the hooks it reaches the model", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "auggie");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const project = installed.project;
    t.after(quietFixtureHooks(project));
    mkdirSync(join(project, "config"), { recursive: true });
    writeFileSync(join(project, "config", "secrets.json"), `{"token": "${secret}"}\n`);
    const tool = { name: "view", input: { path: "config/secrets.json", type: "file" } };
    const guarded = await auggieSession(program, project, "read it", tool);
    assert.ok(
      guarded.requests.filter((r) => r.url.endsWith("/chat-stream")).length >= 2,
      describeSession(guarded),
    );
    assert.ok(!guarded.requests.some((r) => r.body.includes(secret)), describeSession(guarded));
    assert.ok(
      guarded.requests.some((r) => r.body.includes("agentc-guard")),
      describeSession(guarded),
    );
    t.after(withoutSettingsKey(project, "hooks"));
    const open = await auggieSession(program, project, "read it", tool);
    assert.ok(
      open.requests.some((r) => r.body.includes(secret)),
      describeSession(open),
    );
  });

  it("refuses rm -rf build by the written toolPermissions deny; without the project's rules it runs", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "auggie");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const project = installed.project;
    t.after(quietFixtureHooks(project));
    const build = join(project, "build");
    mkdirSync(build, { recursive: true });
    writeFileSync(join(build, "out.txt"), "built\n");
    t.after(() => rmSync(build, { recursive: true, force: true }));
    const tool = shellCall(project, "rm -rf build");
    const denied = await auggieSession(program, project, "clean up", tool);
    assert.ok(existsSync(build), describeSession(denied));
    assert.match(
      toolResult(denied),
      /Denied by explicit rule: .*\^rm -rf\(\\s\|\$\)/,
      describeSession(denied),
    );
    t.after(withoutSettingsKey(project, "toolPermissions"));
    const open = await auggieSession(program, project, "clean up", tool);
    assert.ok(!existsSync(build), describeSession(open));
  });

  it("asks before git push by the written ask-user rule, which auggie -p, having no one to ask, refuses", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "auggie");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    t.after(quietFixtureHooks(installed.project));
    const asked = await auggieSession(
      program,
      installed.project,
      "push",
      shellCall(installed.project, "git push"),
    );
    assert.match(toolResult(asked), /User approval required/, describeSession(asked));
  });

  it("runs npm test without asking by the written allow, where the person's own settings ask before every shell command", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "auggie");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const project = installed.project;
    t.after(quietFixtureHooks(project));
    const askAlways = {
      toolPermissions: [{ toolName: "launch-process", permission: { type: "ask-user" } }],
    };
    const tool = shellCall(project, "npm test");
    const allowed = await auggieSession(program, project, "test", tool, askAlways);
    assert.match(toolResult(allowed), /<return-code>\s*0\s*<\/return-code>/, describeSession(allowed));
    t.after(withoutSettingsKey(project, "toolPermissions"));
    const asked = await auggieSession(program, project, "test", tool, askAlways);
    assert.match(toolResult(asked), /User approval required/, describeSession(asked));
  });
});

/** A launch-process call of the command in the project, as the stand-in model asks for it. */
function shellCall(project: string, command: string): ToolCall {
  return { name: "launch-process", input: { command, wait: true, max_wait_seconds: 30, cwd: project } };
}

/** The text of the tool result auggie sent back to the model. */
function toolResult(record: SessionRecord): string {
  for (const request of record.requests.filter((r) => r.url.endsWith("/chat-stream"))) {
    const nodes = (JSON.parse(request.body) as { nodes?: ResultNode[] }).nodes ?? [];
    const result = nodes.find((n) => n.tool_result_node)?.tool_result_node;
    if (result) return result.content;
  }
  return "";
}

interface ResultNode {
  tool_result_node?: { content: string };
}

/** The project's .augment/settings.json without one key; returns what puts it back. */
function withoutSettingsKey(project: string, key: string): () => void {
  const file = join(project, ".augment", "settings.json");
  const text = readFileSync(file, "utf8");
  const { [key]: _, ...rest } = JSON.parse(text) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify(rest, null, 2)}\n`);
  return () => writeFileSync(file, text);
}

// biome-ignore lint/suspicious/noTemplateCurlyInString: a variable as an MCP config writes it
const variable = "${PROBE_TOKEN}";

describe("Augment (Auggie CLI): variables in MCP servers (clients/augment.json mcp.env_reference_in)", () => {
  it("starts a server with its args and env expanded; one with a variable in a header is not written", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "auggie");
    if (!program) return;
    const log = join(testdir(), "stdio.jsonl");
    const registry = serversRegistry({
      local: {
        transport: "stdio",
        command: process.execPath,
        args: [stdioProbe, log, `--token=${variable}`],
        env: { TOKEN: variable },
      },
      web: {
        transport: "http",
        url: "https://mcp.example.com/mcp",
        headers: { Authorization: `Bearer ${variable}` },
      },
    });
    const installed = await buildAndInstall(registry, [pack]);
    assert.deepEqual(
      writtenServers(installed, pack).map((s) => s.name),
      ["local"],
    );
    const reported = (installed.compiled.diagnostics ?? []).filter((d) => d.id === "AGC150");
    assert.ok(
      reported.some((d) => d.message.includes("web")),
      reported.map((d) => d.message).join("\n") || "no AGC150",
    );
    const token = "probe-token-4711";
    const sandbox = clientSandbox();
    const auth = { accessToken: "loopback", tenantURL: "{base}/", scopes: ["email"] };
    const env = { ...(sandbox.env as Record<string, string>), PROBE_TOKEN: token };
    const record = await clientSession({
      api: "augment",
      cwd: installed.project,
      env: { ...env, AUGMENT_SESSION_AUTH: JSON.stringify(auth) },
      steps: [{ program, args: ["-w", installed.project, "--dont-save-session", "-p", "say OK"] }],
      timeoutMs: auggieTimeoutMs,
    });
    assert.equal(record.status, 0, describeSession(record));
    const starts = probeStarts(log);
    assert.ok(starts.length > 0, `the stdio server was not started\n${describeSession(record)}`);
    for (const start of starts) assert.deepEqual(start, { args: [`--token=${token}`], token });
  });
});
