import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  decideInProcess,
  type GuardRun,
  guardPath,
  type InProcessVerdict,
  runGuardProcess,
} from "../support/guard-process.js";
import { testdir } from "../support/testdir.js";

/** Secrets are assembled at run time so this file holds none a scanner would flag. */
const k = (...parts: string[]): string => parts.join("");
const AWS_KEY = k("AKIA", "QWERTYUIOP234567");
const PRIVATE_KEY = k(
  "-----BEGIN OPENSSH ",
  "PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----",
);
const GITHUB_TOKEN = k("ghp_", "abcdefghijklmnopqrstuvwxyz0123456789");

/**
 * The real guard process, as a client runs it, for one case of each kind of decision and of each client's
 * answer (a block, an allowed call, a payload it cannot read, a crash, the deny JSON, the size and time
 * limits); every other case is decided in this process by the guard's own module (decideInProcess).
 */
const runGuard = (input: string | Buffer, env: NodeJS.ProcessEnv = {}) => runGuardProcess(input, env);
const decided = (input: string | Buffer, env: NodeJS.ProcessEnv = {}) => decideInProcess(input, env);

const json = (value: unknown): string => JSON.stringify(value);

function assertBlocked(outcome: GuardRun | InProcessVerdict, reason?: RegExp): void {
  if ("decision" in outcome) {
    assert.equal(outcome.decision, "block", `expected a block, got ${outcome.decision}: ${outcome.reason}`);
    if (reason) assert.match(outcome.reason, reason);
    return;
  }
  assert.equal(outcome.status, 2, `expected exit 2, got ${outcome.status}; stderr: ${outcome.stderr}`);
  assert.match(outcome.stderr, /^agentc-guard blocked this call: .+\n$/);
  if (reason) assert.match(outcome.stderr, reason);
}

function assertAllowed(outcome: GuardRun | InProcessVerdict): void {
  if ("decision" in outcome) {
    assert.equal(outcome.decision, "allow", `expected allow, got ${outcome.decision}: ${outcome.reason}`);
    return;
  }
  assert.equal(outcome.status, 0, `expected exit 0, got ${outcome.status}; stderr: ${outcome.stderr}`);
  assert.equal(outcome.stdout, "", "an allowed call prints nothing, so it never auto-approves");
}

const project = testdir({
  ".env": "API_KEY=live\n",
  ".env.example": "API_KEY=\n",
  "sub/.env.local": "API_KEY=local\n",
  "README.md": "# readme\n",
  "src/app.ts": "export {};\n",
});
symlinkSync(join(project, ".env"), join(project, "notes.txt"));

/** A Claude Code PreToolUse payload, field for field. */
function claude(tool: string, input: Record<string, unknown>, cwd = project): string {
  return json({
    session_id: "s-1",
    transcript_path: "/tmp/transcript.jsonl",
    cwd,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: input,
    tool_use_id: "toolu_1",
  });
}

describe("agentc-guard: installer-safety case 22", () => {
  it("blocks a read of .env", async () =>
    assertBlocked(await runGuard(claude("Read", { file_path: ".env" })), /\.env files/));
  it("blocks a read of sub/.env.local", async () =>
    assertBlocked(await decided(claude("Read", { file_path: "sub/.env.local" }))));
  it("blocks a read of .ENV (case)", async () =>
    assertBlocked(await decided(claude("Read", { file_path: ".ENV" }))));
  it("blocks Bash `cat ./.env`", async () =>
    assertBlocked(await decided(claude("Bash", { command: "cat ./.env" })), /`cat`/));
  it("blocks content with an AWS key", async () => {
    const result = await runGuard(
      claude("Write", { file_path: "src/config.ts", content: `const id = "${AWS_KEY}";` }),
    );
    assertBlocked(result, /aws-access-key-id/);
    assert.doesNotMatch(result.stderr, new RegExp(AWS_KEY), "the reason never repeats the secret");
  });
  it("blocks content with a private key", async () => {
    assertBlocked(
      await decided(claude("Write", { file_path: "k.txt", content: PRIVATE_KEY })),
      /private-key/,
    );
  });
  it("blocks malformed stdin", async () => assertBlocked(await runGuard("{not json"), /not valid JSON/));
  it("blocks when the scanner crashes", async () => {
    const result = await runGuard(claude("Read", { file_path: "README.md" }), {
      AGENTC_GUARD_TEST_CRASH: "1",
    });
    assertBlocked(result, /internal error: scanner crash/);
  });
  it("allows .env.example", async () =>
    assertAllowed(await runGuard(claude("Read", { file_path: ".env.example" }))));
});

describe("agentc-guard: resolution before matching", () => {
  it("blocks a symlink named notes.txt that points at .env", async () => {
    assertBlocked(await decided(claude("Read", { file_path: "notes.txt" })));
    assertBlocked(await decided(claude("Bash", { command: "cat notes.txt" })));
  });
  it("blocks .. traversal from a subfolder", async () => {
    assertBlocked(await decided(claude("Read", { file_path: "../.env" }, join(project, "src"))));
    assertBlocked(await decided(claude("Read", { file_path: "src/../sub/./.env.local" })));
    assertBlocked(await decided(claude("Bash", { command: "cat ../sub/.env.local" }, join(project, "src"))));
  });
  it("uses CLAUDE_PROJECT_DIR when the payload has no cwd", async () => {
    const payload = json({ tool_name: "Read", tool_input: { file_path: "sub/.env.local" } });
    assertBlocked(await decided(payload, { CLAUDE_PROJECT_DIR: project }));
  });
  it("allows ordinary reads, edits and commands", async () => {
    assertAllowed(await decided(claude("Read", { file_path: "README.md" })));
    assertAllowed(
      await decided(claude("Edit", { file_path: "src/app.ts", old_string: "{}", new_string: "{ a }" })),
    );
    assertAllowed(await decided(claude("Bash", { command: "npm test && git status" })));
    const commit = "git commit -m \"$(cat <<'EOF'\nIt's the fix (see .env.example)\nEOF\n)\"";
    assertAllowed(await decided(claude("Bash", { command: commit })));
    assertAllowed(await decided(claude("Grep", { pattern: "AKIA[0-9A-Z]{16}", path: "src" })));
  });
  it("allows an edit that removes a secret (old_string is not scanned)", async () => {
    const edit = {
      file_path: "src/app.ts",
      old_string: `id = "${AWS_KEY}"`,
      new_string: "id = process.env.ID",
    };
    assertAllowed(await decided(claude("Edit", edit)));
  });
});

describe("agentc-guard: each client's payload shape", () => {
  it("Claude Code: Write, MultiEdit, NotebookEdit, Glob, Grep", async () => {
    assertBlocked(await decided(claude("Write", { file_path: ".env", content: "A=1" })));
    const edits = [{ old_string: "a", new_string: `token = "${GITHUB_TOKEN}"` }];
    assertBlocked(await decided(claude("MultiEdit", { file_path: "src/app.ts", edits })), /github-token/);
    assertBlocked(await decided(claude("NotebookEdit", { notebook_path: "n.ipynb", new_source: AWS_KEY })));
    assertBlocked(await decided(claude("Glob", { pattern: "**/.env*" })), /glob/);
    assertBlocked(await decided(claude("Grep", { pattern: "KEY", path: ".", glob: ".env*" })));
    assertBlocked(await decided(claude("Grep", { pattern: "KEY", path: "sub/.env.local" })));
  });

  it("Codex: PreToolUse Bash and apply_patch", async () => {
    assertBlocked(
      await decided(
        json({
          hook_event_name: "PreToolUse",
          cwd: project,
          tool_name: "Bash",
          tool_input: { command: "cat .env" },
        }),
      ),
    );
    const patch = [
      "*** Begin Patch",
      "*** Update File: sub/.env.local",
      "@@",
      "-A=1",
      "+A=2",
      "*** End Patch",
    ].join("\n");
    assertBlocked(
      await decided(json({ cwd: project, tool_name: "apply_patch", tool_input: { command: patch } })),
    );
    const added = [
      "*** Begin Patch",
      "*** Add File: src/token.ts",
      `+export const t = "${GITHUB_TOKEN}";`,
      "*** End Patch",
    ];
    assertBlocked(
      await decided(
        json({ cwd: project, tool_name: "apply_patch", tool_input: { command: added.join("\n") } }),
      ),
    );
    const edit = [
      "*** Begin Patch",
      "*** Update File: README.md",
      "@@",
      "-# r",
      "+# it's (fine)",
      "*** End Patch",
    ];
    assertAllowed(
      await decided(
        json({ cwd: project, tool_name: "apply_patch", tool_input: { command: edit.join("\n") } }),
      ),
    );
    const viaShell = `cat .env; apply_patch <<'PATCH'\n${edit.join("\n")}\nPATCH`;
    assertBlocked(
      await decided(json({ cwd: project, tool_name: "shell", tool_input: { command: viaShell } })),
      /`cat`/,
    );
    const argv = { command: ["bash", "-lc", "cat .env"], workdir: project };
    assertBlocked(await decided(json({ cwd: "/", tool_name: "Bash", tool_input: argv })));
  });

  it("Gemini CLI: BeforeTool read_file, run_shell_command with dir_path, read_many_files", async () => {
    const gemini = (tool: string, input: Record<string, unknown>): string =>
      json({
        session_id: "g",
        cwd: project,
        hook_event_name: "BeforeTool",
        tool_name: tool,
        tool_input: input,
      });
    assertBlocked(await decided(gemini("read_file", { absolute_path: join(project, ".env") })));
    assertBlocked(await decided(gemini("run_shell_command", { command: "cat .env.local", dir_path: "sub" })));
    assertBlocked(await decided(gemini("read_many_files", { paths: ["README.md", "sub/.env.local"] })));
    assertAllowed(await decided(gemini("read_file", { absolute_path: join(project, "README.md") })));
  });

  it("Copilot in VS Code (PascalCase, Claude-compatible)", async () => {
    const payload = {
      hookEventName: "PreToolUse",
      cwd: project,
      tool_name: "readFile",
      tool_input: { filePath: ".env" },
    };
    assertBlocked(await decided(json(payload)));
  });

  it("Copilot CLI (camelCase, toolArgs is a JSON string) answers with deny JSON too", async () => {
    const copilot = (tool: string, args: unknown): string =>
      json({ timestamp: 1704614600000, cwd: project, toolName: tool, toolArgs: json(args) });
    const result = await runGuard(copilot("view", { path: ".env" }));
    assertBlocked(result);
    assert.equal(JSON.parse(result.stdout).permissionDecision, "deny");
    assertBlocked(await decided(copilot("bash", { command: "cat .env", description: "show" })));
    assertBlocked(await decided(copilot("create", { path: "x.ts", file_text: PRIVATE_KEY })));
    assertAllowed(await decided(copilot("bash", { command: "npm test" })));
  });

  it("Cursor: beforeReadFile, beforeShellExecution, preToolUse answer with permission deny", async () => {
    const cursor = {
      conversation_id: "c",
      generation_id: "g",
      cursor_version: "1.7",
      workspace_roots: [project],
    };
    const read = await runGuard(
      json({
        ...cursor,
        hook_event_name: "beforeReadFile",
        file_path: join(project, ".env"),
        content: "A=1",
      }),
    );
    assertBlocked(read);
    assert.equal(JSON.parse(read.stdout).permission, "deny");
    const secretContent = {
      hook_event_name: "beforeReadFile",
      file_path: join(project, "README.md"),
      content: PRIVATE_KEY,
    };
    assertBlocked(await decided(json({ ...cursor, ...secretContent })), /private-key/);
    assertBlocked(
      await decided(
        json({ ...cursor, hook_event_name: "beforeShellExecution", command: "less .ENV", cwd: project }),
      ),
    );
    assertBlocked(
      await decided(
        json({
          ...cursor,
          hook_event_name: "preToolUse",
          tool_name: "Read",
          tool_input: { file_path: ".env" },
        }),
      ),
    );
    const plain = {
      hook_event_name: "beforeReadFile",
      file_path: join(project, "README.md"),
      content: "# readme",
    };
    assertAllowed(await decided(json({ ...cursor, ...plain })));
  });

  it("allows an event that carries nothing to inspect", async () => {
    assertAllowed(await decided(json({ hook_event_name: "SessionStart", session_id: "s", cwd: project })));
  });
});

describe("agentc-guard: fails closed", () => {
  const malformed: [string, string | Buffer, RegExp][] = [
    ["empty stdin", "", /empty/],
    ["whitespace only", "  \n", /empty/],
    ["a JSON array", "[]", /not a JSON object/],
    ["JSON null", "null", /not a JSON object/],
    ["an unknown object shape", json({ foo: 1 }), /unknown payload shape/],
    ["tool_name without tool_input", json({ tool_name: "Read" }), /tool_input is missing/],
    ["tool_input that is not JSON", json({ tool_name: "Read", tool_input: "file .env" }), /not JSON/],
    ["toolArgs that is not JSON", json({ toolName: "view", toolArgs: "{broken" }), /toolArgs/],
    ["toolName that is not a string", json({ toolName: 7, toolArgs: "{}" }), /toolName/],
    ["beforeReadFile without file_path", json({ hook_event_name: "beforeReadFile" }), /file_path/],
    ["invalid UTF-8", Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), /UTF-8/],
    ["an unterminated quote in a command", claude("Bash", { command: "cat 'README.md" }), /unterminated/],
  ];
  for (const [name, input, reason] of malformed) {
    it(`blocks ${name}`, async () => assertBlocked(await decided(input), reason));
  }

  it("blocks stdin larger than 4 MiB", async () => {
    const big = claude("Write", { file_path: "big.txt", content: "a".repeat(4 * 1024 * 1024) });
    assertBlocked(await runGuard(big), /larger than/);
  });

  it("blocks when no decision comes in time (stdin left open)", async () => {
    const child = spawn(process.execPath, [guardPath, "--fail-closed"], {
      env: { ...process.env, AGENTC_GUARD_TIMEOUT_MS: "300" },
    });
    child.stdin.write('{"tool_name": "Read", ');
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const status = await new Promise((resolve) => child.on("exit", resolve));
    child.stdin.destroy();
    assert.equal(status, 2);
    assert.match(stderr, /no decision within 300 ms/, "the test's deadline, not the 5 s limit, decided");
  });
});
