import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

const guardPath = join(packageRoot, "assets", "hooks", "agentc-guard.mjs");
/** Secrets are assembled at run time so this file holds none a scanner would flag. */
const k = (...parts: string[]): string => parts.join("");
const AWS_KEY = k("AKIA", "QWERTYUIOP234567");
const PRIVATE_KEY = k(
  "-----BEGIN OPENSSH ",
  "PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----",
);
const GITHUB_TOKEN = k("ghp_", "abcdefghijklmnopqrstuvwxyz0123456789");

interface GuardResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real guard script with a payload on stdin; the project env variables are cleared. */
function runGuard(input: string | Buffer, env: Record<string, string> = {}): GuardResult {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    "CLAUDE_PROJECT_DIR",
    "GEMINI_PROJECT_DIR",
    "CURSOR_PROJECT_DIR",
    "AGENTC_GUARD_TEST_CRASH",
  ]) {
    delete childEnv[key];
  }
  const result = spawnSync(process.execPath, [guardPath, "--fail-closed"], {
    input,
    env: { ...childEnv, ...env },
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const json = (value: unknown): string => JSON.stringify(value);

function assertBlocked(result: GuardResult, reason?: RegExp): void {
  assert.equal(result.status, 2, `expected exit 2, got ${result.status}; stderr: ${result.stderr}`);
  assert.match(result.stderr, /^agentc-guard blocked this call: .+\n$/);
  if (reason) assert.match(result.stderr, reason);
}

function assertAllowed(result: GuardResult): void {
  assert.equal(result.status, 0, `expected exit 0, got ${result.status}; stderr: ${result.stderr}`);
  assert.equal(result.stdout, "", "an allowed call prints nothing, so it never auto-approves");
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
  it("blocks a read of .env", () =>
    assertBlocked(runGuard(claude("Read", { file_path: ".env" })), /\.env files/));
  it("blocks a read of sub/.env.local", () =>
    assertBlocked(runGuard(claude("Read", { file_path: "sub/.env.local" }))));
  it("blocks a read of .ENV (case)", () => assertBlocked(runGuard(claude("Read", { file_path: ".ENV" }))));
  it("blocks Bash `cat ./.env`", () =>
    assertBlocked(runGuard(claude("Bash", { command: "cat ./.env" })), /`cat`/));
  it("blocks content with an AWS key", () => {
    const result = runGuard(
      claude("Write", { file_path: "src/config.ts", content: `const id = "${AWS_KEY}";` }),
    );
    assertBlocked(result, /aws-access-key-id/);
    assert.doesNotMatch(result.stderr, new RegExp(AWS_KEY), "the reason never repeats the secret");
  });
  it("blocks content with a private key", () => {
    assertBlocked(runGuard(claude("Write", { file_path: "k.txt", content: PRIVATE_KEY })), /private-key/);
  });
  it("blocks malformed stdin", () => assertBlocked(runGuard("{not json"), /not valid JSON/));
  it("blocks when the scanner crashes", () => {
    const result = runGuard(claude("Read", { file_path: "README.md" }), { AGENTC_GUARD_TEST_CRASH: "1" });
    assertBlocked(result, /internal error: scanner crash/);
  });
  it("allows .env.example", () => assertAllowed(runGuard(claude("Read", { file_path: ".env.example" }))));
});

describe("agentc-guard: resolution before matching", () => {
  it("blocks a symlink named notes.txt that points at .env", () => {
    assertBlocked(runGuard(claude("Read", { file_path: "notes.txt" })));
    assertBlocked(runGuard(claude("Bash", { command: "cat notes.txt" })));
  });
  it("blocks .. traversal from a subfolder", () => {
    assertBlocked(runGuard(claude("Read", { file_path: "../.env" }, join(project, "src"))));
    assertBlocked(runGuard(claude("Read", { file_path: "src/../sub/./.env.local" })));
    assertBlocked(runGuard(claude("Bash", { command: "cat ../sub/.env.local" }, join(project, "src"))));
  });
  it("uses CLAUDE_PROJECT_DIR when the payload has no cwd", () => {
    const payload = json({ tool_name: "Read", tool_input: { file_path: "sub/.env.local" } });
    assertBlocked(runGuard(payload, { CLAUDE_PROJECT_DIR: project }));
  });
  it("allows ordinary reads, edits and commands", () => {
    assertAllowed(runGuard(claude("Read", { file_path: "README.md" })));
    assertAllowed(
      runGuard(claude("Edit", { file_path: "src/app.ts", old_string: "{}", new_string: "{ a }" })),
    );
    assertAllowed(runGuard(claude("Bash", { command: "npm test && git status" })));
    const commit = "git commit -m \"$(cat <<'EOF'\nIt's the fix (see .env.example)\nEOF\n)\"";
    assertAllowed(runGuard(claude("Bash", { command: commit })));
    assertAllowed(runGuard(claude("Grep", { pattern: "AKIA[0-9A-Z]{16}", path: "src" })));
  });
  it("allows an edit that removes a secret (old_string is not scanned)", () => {
    const edit = {
      file_path: "src/app.ts",
      old_string: `id = "${AWS_KEY}"`,
      new_string: "id = process.env.ID",
    };
    assertAllowed(runGuard(claude("Edit", edit)));
  });
});

describe("agentc-guard: each client's payload shape", () => {
  it("Claude Code: Write, MultiEdit, NotebookEdit, Glob, Grep", () => {
    assertBlocked(runGuard(claude("Write", { file_path: ".env", content: "A=1" })));
    const edits = [{ old_string: "a", new_string: `token = "${GITHUB_TOKEN}"` }];
    assertBlocked(runGuard(claude("MultiEdit", { file_path: "src/app.ts", edits })), /github-token/);
    assertBlocked(runGuard(claude("NotebookEdit", { notebook_path: "n.ipynb", new_source: AWS_KEY })));
    assertBlocked(runGuard(claude("Glob", { pattern: "**/.env*" })), /glob/);
    assertBlocked(runGuard(claude("Grep", { pattern: "KEY", path: ".", glob: ".env*" })));
    assertBlocked(runGuard(claude("Grep", { pattern: "KEY", path: "sub/.env.local" })));
  });

  it("Codex: PreToolUse Bash and apply_patch", () => {
    assertBlocked(
      runGuard(
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
    assertBlocked(runGuard(json({ cwd: project, tool_name: "apply_patch", tool_input: { command: patch } })));
    const added = [
      "*** Begin Patch",
      "*** Add File: src/token.ts",
      `+export const t = "${GITHUB_TOKEN}";`,
      "*** End Patch",
    ];
    assertBlocked(
      runGuard(json({ cwd: project, tool_name: "apply_patch", tool_input: { command: added.join("\n") } })),
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
      runGuard(json({ cwd: project, tool_name: "apply_patch", tool_input: { command: edit.join("\n") } })),
    );
    const viaShell = `cat .env; apply_patch <<'PATCH'\n${edit.join("\n")}\nPATCH`;
    assertBlocked(
      runGuard(json({ cwd: project, tool_name: "shell", tool_input: { command: viaShell } })),
      /`cat`/,
    );
    const argv = { command: ["bash", "-lc", "cat .env"], workdir: project };
    assertBlocked(runGuard(json({ cwd: "/", tool_name: "Bash", tool_input: argv })));
  });

  it("Gemini CLI: BeforeTool read_file, run_shell_command with dir_path, read_many_files", () => {
    const gemini = (tool: string, input: Record<string, unknown>): string =>
      json({
        session_id: "g",
        cwd: project,
        hook_event_name: "BeforeTool",
        tool_name: tool,
        tool_input: input,
      });
    assertBlocked(runGuard(gemini("read_file", { absolute_path: join(project, ".env") })));
    assertBlocked(runGuard(gemini("run_shell_command", { command: "cat .env.local", dir_path: "sub" })));
    assertBlocked(runGuard(gemini("read_many_files", { paths: ["README.md", "sub/.env.local"] })));
    assertAllowed(runGuard(gemini("read_file", { absolute_path: join(project, "README.md") })));
  });

  it("Copilot in VS Code (PascalCase, Claude-compatible)", () => {
    const payload = {
      hookEventName: "PreToolUse",
      cwd: project,
      tool_name: "readFile",
      tool_input: { filePath: ".env" },
    };
    assertBlocked(runGuard(json(payload)));
  });

  it("Copilot CLI (camelCase, toolArgs is a JSON string) answers with deny JSON too", () => {
    const copilot = (tool: string, args: unknown): string =>
      json({ timestamp: 1704614600000, cwd: project, toolName: tool, toolArgs: json(args) });
    const result = runGuard(copilot("view", { path: ".env" }));
    assertBlocked(result);
    assert.equal(JSON.parse(result.stdout).permissionDecision, "deny");
    assertBlocked(runGuard(copilot("bash", { command: "cat .env", description: "show" })));
    assertBlocked(runGuard(copilot("create", { path: "x.ts", file_text: PRIVATE_KEY })));
    assertAllowed(runGuard(copilot("bash", { command: "npm test" })));
  });

  it("Cursor: beforeReadFile, beforeShellExecution, preToolUse answer with permission deny", () => {
    const cursor = {
      conversation_id: "c",
      generation_id: "g",
      cursor_version: "1.7",
      workspace_roots: [project],
    };
    const read = runGuard(
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
    assertBlocked(runGuard(json({ ...cursor, ...secretContent })), /private-key/);
    assertBlocked(
      runGuard(
        json({ ...cursor, hook_event_name: "beforeShellExecution", command: "less .ENV", cwd: project }),
      ),
    );
    assertBlocked(
      runGuard(
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
    assertAllowed(runGuard(json({ ...cursor, ...plain })));
  });

  it("allows an event that carries nothing to inspect", () => {
    assertAllowed(runGuard(json({ hook_event_name: "SessionStart", session_id: "s", cwd: project })));
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
    it(`blocks ${name}`, () => assertBlocked(runGuard(input), reason));
  }

  it("blocks stdin larger than 4 MiB", () => {
    const big = claude("Write", { file_path: "big.txt", content: "a".repeat(4 * 1024 * 1024) });
    assertBlocked(runGuard(big), /larger than/);
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
