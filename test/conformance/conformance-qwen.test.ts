import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
import { clientSession, describeSession, mainRequest } from "../support/loopback/client-session.js";
import { assertCommandSent } from "../support/loopback/command-sent.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";
import type { ToolCall } from "../support/loopback/model-apis.js";
import { plainClientRegistry } from "../support/plain-fixture.js";

const pack = "qwen-code";
const secret = "LOOPBACK_SECRET_4711";

/** The user settings of the sandbox: an OpenAI-compatible provider, no update check, no statistics. */
const userSettings = JSON.stringify({
  security: { auth: { selectedType: "openai" } },
  general: { enableAutoUpdate: false },
  privacy: { usageStatisticsEnabled: false },
});

/** `qwen -p <prompt>` in the project against a stand-in OpenAI chat API (OPENAI_* names it). */
function qwenSession(program: string[], project: string, prompt: string, options: { tool?: ToolCall } = {}) {
  const sandbox = clientSandbox();
  return clientSession({
    api: "openai-chat",
    cwd: project,
    env: {
      ...(sandbox.env as Record<string, string>),
      OPENAI_API_KEY: "loopback",
      OPENAI_BASE_URL: "{base}/v1",
      OPENAI_MODEL: "gpt-test",
    },
    files: { [join(sandbox.home, ".qwen", "settings.json")]: userSettings },
    ...(options.tool ? { tool: options.tool } : {}),
    steps: [{ program, args: [...(options.tool ? ["--approval-mode", "yolo"] : []), "-p", prompt] }],
    timeoutMs: 120_000,
  });
}

/**
 * The pinned Qwen Code CLI in real sessions on the project agentc installed, against a stand-in for an
 * OpenAI-compatible API on loopback.
 */
describe("Qwen Code: sessions on the installed project", () => {
  it("carries AGENTS.md and every unconditional rule once, and offers every skill and agent", async (t) => {
    const program = requireClient(t, "qwen");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const cleanup = quietFixtureHooks(installed.project);
    t.after(cleanup);
    const record = await qwenSession(program, installed.project, "say OK");
    assert.equal(record.status, 0, describeSession(record));
    const body = mainRequest(record);
    const expected = expectedLoads(pack, installed.project, ["skill", "agent"]);
    assert.ok(expected.texts.length >= 3, "AGENTS.md and the rules");
    for (const text of expected.texts)
      assert.equal(occurrences(body, text.marker), 1, `${text.what}\n${describeSession(record)}`);
    assert.ok(
      expected.items.some((i) => i.what.startsWith("agent ")),
      "agents expected",
    );
    for (const item of expected.items)
      assert.ok(occurrences(body, item.marker) >= 1, `${item.what}\n${describeSession(record)}`);
    const scoped = writtenFor(installed, pack, "rule").filter((f) =>
      f.bytes.toString("utf8").includes("\npaths:"),
    );
    assert.ok(scoped.length > 0, "a rule with paths");
    for (const rule of scoped) {
      const line = rule.bytes
        .toString("utf8")
        .split("\n")
        .find((l) => /^[A-Za-z].{30,}$/.test(l));
      assert.ok(line && occurrences(body, line) === 0, `${rule.path} waits for a matching file`);
    }
  });

  it("runs each command of .qwen/commands as /<name> with {{args}} filled", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "qwen");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const cleanup = quietFixtureHooks(installed.project);
    t.after(cleanup);
    const commands = writtenFor(installed, pack, "command");
    assert.ok(commands.length > 0);
    for (const command of commands) {
      const record = await qwenSession(program, installed.project, `/${command.client?.name} ARGMARKER`);
      assert.equal(record.status, 0, describeSession(record));
      assertCommandSent(record, installed.project, command, "{{args}}");
    }
  });

  it("qwen mcp list lists exactly the servers agentc wrote", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "qwen");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const sandbox = clientSandbox();
    writeFileSync(join(sandbox.home, ".qwen-settings.json"), userSettings);
    const run = await runClient(program, ["mcp", "list"], {
      cwd: installed.project,
      sandbox,
      timeoutMs: 90_000,
    });
    assert.equal(run.status, 0, describeRun(run));
    const listed = [...`${run.stdout}${run.stderr}`.matchAll(/^\S*\s*([A-Za-z0-9_-]+): /gm)].map((m) => m[1]);
    const servers = writtenServers(installed, pack).map((s) => s.name);
    assert.ok(servers.length > 0);
    assert.deepEqual([...new Set(listed)].sort(), servers.sort(), describeRun(run));
  });

  it("runs the guard on PreToolUse: a read of a secrets file is blocked; without the hooks it reaches the model", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "qwen");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const project = installed.project;
    const cleanup = quietFixtureHooks(project);
    t.after(cleanup);
    mkdirSync(join(project, "config"), { recursive: true });
    writeFileSync(join(project, "config", "secrets.json"), `{"token": "${secret}"}\n`);
    const tool = { name: "read_file", input: { file_path: join(project, "config", "secrets.json") } };
    const guarded = await qwenSession(program, project, "read it", { tool });
    assert.ok(guarded.requests.length >= 2, describeSession(guarded));
    assert.ok(!guarded.requests.some((r) => r.body.includes(secret)), describeSession(guarded));
    assert.ok(
      guarded.requests.some((r) => r.body.includes("agentc-guard")),
      describeSession(guarded),
    );
    const file = join(project, ".qwen", "settings.json");
    const text = readFileSync(file, "utf8");
    const { hooks: _, ...withoutHooks } = JSON.parse(text) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify(withoutHooks, null, 2)}\n`);
    try {
      const open = await qwenSession(program, project, "read it", { tool });
      assert.ok(
        open.requests.some((r) => r.body.includes(secret)),
        describeSession(open),
      );
    } finally {
      writeFileSync(file, text);
    }
  });
});
