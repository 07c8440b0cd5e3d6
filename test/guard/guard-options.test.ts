import assert from "node:assert/strict";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runGuardProcess } from "../support/guard-process.js";
import { testdir } from "../support/testdir.js";

const call = (tool: string, input: object, cwd?: string): string =>
  JSON.stringify({
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: input,
    ...(cwd ? { cwd } : {}),
  });

describe("the guard's switches (seed 001: written into the hook command, not env)", () => {
  it("without --fail-closed a payload it cannot read goes through, and stderr says why", async () => {
    for (const input of ["not json", "", '{"neither": "tool nor event"}', Buffer.from([0xff, 0xfe])]) {
      const run = await runGuardProcess(input, {}, []);
      assert.equal(run.status, 0, `input ${String(input)}: ${run.stderr}`);
      assert.match(run.stderr, /let this call through unread \(no --fail-closed\)/);
    }
  });

  it("with --fail-closed the same payloads block", async () => {
    for (const input of ["not json", "", '{"neither": "tool nor event"}']) {
      const run = await runGuardProcess(input, {}, ["--fail-closed"]);
      assert.equal(run.status, 2, `input ${input}`);
      assert.match(run.stderr, /agentc-guard blocked this call/);
    }
  });

  it("without --fail-closed a secret it can read still blocks", async () => {
    const run = await runGuardProcess(call("Read", { file_path: "/home/u/.ssh/id_rsa" }), {}, []);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /SSH private key/);
  });

  it("an unknown switch or a malformed list blocks, whatever the payload", async () => {
    for (const args of [
      ["--fail-open"],
      ["--path-fields"],
      ["--path-fields", "a b"],
      ["--mcp-prefixes", "x;y"],
    ]) {
      const run = await runGuardProcess(call("Read", { file_path: "README.md" }), {}, args);
      assert.equal(run.status, 2, args.join(" "));
    }
  });

  it("--path-fields: a field the client names is resolved as a path (a link to a key behind a plain name)", async () => {
    const project = testdir();
    mkdirSync(join(project, "keys"));
    writeFileSync(join(project, "keys", "id_ed25519"), "-----BEGIN OPENSSH PRIVATE KEY-----\n");
    symlinkSync(join(project, "keys", "id_ed25519"), join(project, "notes"));
    const payload = call("NotebookRead", { notebook_ref: "notes" }, project);
    assert.equal((await runGuardProcess(payload, {}, ["--fail-closed"])).status, 0);
    const named = await runGuardProcess(payload, {}, ["--fail-closed", "--path-fields", "notebook_ref"]);
    assert.equal(named.status, 2, named.stderr);
    assert.match(named.stderr, /path notes/);
  });

  it("--mcp-prefixes: an MCP tool's content fields are judged as paths too", async () => {
    const payload = call("mcp__files__summarize", { text: "~/.aws/credentials" });
    assert.equal((await runGuardProcess(payload, {}, ["--fail-closed"])).status, 0);
    const run = await runGuardProcess(payload, {}, ["--fail-closed", "--mcp-prefixes", "mcp__"]);
    assert.equal(run.status, 2, run.stderr);
    const other = call("Write", { file_path: "notes.md", content: "~/.aws/credentials" });
    assert.equal((await runGuardProcess(other, {}, ["--fail-closed", "--mcp-prefixes", "mcp__"])).status, 0);
  });

  it("--ask: a call it cannot judge gets each client's ask answer, exit 0; where there is none it blocks", async () => {
    const project = testdir({ "README.md": "r\n" });
    const command = 'f(){ cat ."$1"; }; f env';
    const cursor = { conversation_id: "c", cursor_version: "2.1.0", workspace_roots: [project] };
    const answers: [string, object, object | undefined][] = [
      [
        "Claude Code, Copilot in VS Code",
        { cwd: project, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } },
        { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" } },
      ],
      [
        "Copilot CLI",
        { cwd: project, toolName: "bash", toolArgs: JSON.stringify({ command }) },
        { permissionDecision: "ask" },
      ],
      [
        "Cursor beforeShellExecution",
        { ...cursor, hook_event_name: "beforeShellExecution", command, cwd: project },
        { permission: "ask" },
      ],
      [
        "Codex (turn_id): its hooks run an ask",
        {
          cwd: project,
          hook_event_name: "PreToolUse",
          turn_id: "t",
          tool_name: "Bash",
          tool_input: { command },
        },
        undefined,
      ],
      [
        "Gemini CLI (BeforeTool)",
        {
          cwd: project,
          hook_event_name: "BeforeTool",
          tool_name: "run_shell_command",
          tool_input: { command },
        },
        undefined,
      ],
      [
        "Cursor preToolUse",
        { ...cursor, hook_event_name: "preToolUse", tool_name: "Shell", tool_input: { command } },
        undefined,
      ],
      [
        "Claude Code under bypassPermissions: it would grant the ask",
        {
          cwd: project,
          hook_event_name: "PreToolUse",
          permission_mode: "bypassPermissions",
          tool_name: "Bash",
          tool_input: { command },
        },
        undefined,
      ],
    ];
    for (const [client, payload, expected] of answers) {
      const run = await runGuardProcess(JSON.stringify(payload), {}, ["--fail-closed", "--ask"]);
      if (!expected) {
        assert.equal(run.status, 2, `${client}: ${run.stderr}`);
        assert.match(run.stderr, /blocked this call: it cannot tell which files this reads: /, client);
        continue;
      }
      assert.equal(run.status, 0, `${client}: ${run.stderr}`);
      assert.equal(run.stderr, "", client);
      const answer = JSON.parse(run.stdout) as Record<string, unknown>;
      assert.deepEqual(pick(answer, expected), expected, client);
      assert.match(run.stdout, /agentc-guard cannot tell whether this call reads a secret: /, client);
    }
  });

  it("--ask changes nothing for a call it can judge: a secret blocks, an ordinary call is allowed", async () => {
    const project = testdir({ ".env": "A=1\n", "README.md": "r\n" });
    const claude = (command: string) =>
      JSON.stringify({
        cwd: project,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command },
      });
    const secret = await runGuardProcess(claude("cat .e''nv"), {}, ["--fail-closed", "--ask"]);
    assert.equal(secret.status, 2);
    assert.match(secret.stderr, /`cat` touches \.env/);
    const plain = await runGuardProcess(claude("cat README.md"), {}, ["--fail-closed", "--ask"]);
    assert.equal(plain.status, 0);
    assert.equal(plain.stdout, "");
  });
});

/** The fields of `value` that `shape` names, nested objects included, so extra fields (the reason) do not matter. */
function pick(value: Record<string, unknown>, shape: object): unknown {
  return Object.fromEntries(
    Object.entries(shape).map(([key, inner]) => [
      key,
      typeof inner === "object" && inner !== null
        ? pick((value[key] ?? {}) as Record<string, unknown>, inner)
        : value[key],
    ]),
  );
}
