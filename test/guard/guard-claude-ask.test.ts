import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { claudeSession, type SessionRecord, toolResultText } from "../support/claude-loopback.js";
import { buildAndInstall, requireClient } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { guardOnlyRegistry } from "../support/guard-process.js";
import { testdir } from "../support/testdir.js";

/**
 * What the pinned Claude Code CLI does with the guard's "ask" answer (a command whose file name is
 * built when it runs): the shipped wiring passes --ask, and the hook answers with
 * hookSpecificOutput.permissionDecision "ask". A real session in print mode (-p) has no one to ask.
 */
const cliVersion = (
  JSON.parse(
    readFileSync(join(packageRoot, "node_modules", "@anthropic-ai", "claude-code", "package.json"), "utf8"),
  ) as {
    version: string;
  }
).version;

const installed = buildAndInstall(guardOnlyRegistry(), ["claude-code"]);

async function project(): Promise<string> {
  const copy = join(testdir({}, "agentc-claude-ask-project-"), "project");
  cpSync((await installed).project, copy, { recursive: true });
  writeFileSync(join(copy, ".env"), "API_KEY=canary-51c7\n");
  writeFileSync(join(copy, "README.md"), "readme-canary-8d02\n");
  return copy;
}

/** A read of .env whose name only the shell computes: the guard cannot show it is harmless. */
const computed = {
  name: "Bash",
  input: { command: 'f(){ cat ."$1"; }; f env', description: "show" },
};
const ran = (record: SessionRecord) => /canary-51c7/.test(toolResultText(record));

/** The call was refused as a permission denial, with the guard's reason, and the secret stayed unread. */
function assertRefused(record: SessionRecord): void {
  assert.ok(!ran(record), `the secret stayed unread: ${toolResultText(record)}`);
  assert.deepEqual(
    record.toolResults.map((result) => result.is_error),
    [true],
  );
  // Asked (no one to ask in print mode), or blocked outright where the mode would grant the ask (bypassPermissions).
  assert.match(
    toolResultText(record),
    /agentc-guard cannot tell whether this call reads a secret|agentc-guard blocked this call: it cannot tell which files this reads/,
  );
  const result = record.stdout
    .split("\n")
    .filter((line) => line.includes('"type":"result"'))
    .map((line) => JSON.parse(line) as { permission_denials?: { tool_name: string }[] })[0];
  assert.deepEqual(
    result?.permission_denials?.map((denial) => denial.tool_name),
    ["Bash"],
    "print mode lists it among its permission denials",
  );
}

/** Flags that give the session a permission prompt: the approver stand-in answering `answer`. */
function approver(answer: "allow" | "deny"): { flags: string[]; log: string } {
  const log = join(testdir({}, "agentc-approver-"), "asked.jsonl");
  const server = join(packageRoot, "dist", "test", "support", "permission-prompt-server.js");
  const env = { APPROVER_LOG: log, APPROVER_ANSWER: answer };
  const config = {
    mcpServers: { approver: { type: "stdio", command: process.execPath, args: [server], env } },
  };
  const flags = [
    "--mcp-config",
    JSON.stringify(config),
    "--permission-prompt-tool",
    "mcp__approver__approve",
  ];
  return { flags, log };
}

const asked = (log: string) =>
  existsSync(log)
    ? readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { tool_name: string })
    : [];

describe(`the guard's ask answer in Claude Code ${cliVersion} (the pinned CLI, print mode)`, () => {
  it("wires the guard with --ask", async () => {
    const settings = readFileSync(join((await installed).project, ".claude", "settings.json"), "utf8");
    assert.match(settings, /agentc-guard\.mjs\\?"? --fail-closed --ask/);
  });

  const printMode: [string, string[]][] = [
    ["even when --allowedTools allows it", ["--allowedTools", "Bash(f:*)", "Bash(cat:*)"]],
    ["under --permission-mode bypassPermissions too", ["--permission-mode", "bypassPermissions"]],
  ];
  for (const [when, flags] of printMode) {
    it(`refuses the call in print mode without a permission prompt, ${when}`, async (t) => {
      if (flags !== printMode[0]?.[1] && beyondSlice(t, "test:guard-sessions")) return;
      const program = requireClient(t, "claude");
      if (!program) return;
      assertRefused(await claudeSession([...program, ...flags], await project(), computed));
    });
  }

  for (const answer of ["allow", "deny"] as const) {
    it(`puts it to the person when the session has a permission prompt: ${answer}, ${answer === "allow" ? "it runs" : "it does not run"}`, async (t) => {
      if (answer === "deny" && beyondSlice(t, "test:guard-sessions")) return;
      const program = requireClient(t, "claude");
      if (!program) return;
      const person = approver(answer);
      const record = await claudeSession(
        [...program, "--allowedTools", "Bash", ...person.flags],
        await project(),
        computed,
      );
      assert.deepEqual(
        asked(person.log).map((request) => request.tool_name),
        ["Bash"],
        "the person was asked",
      );
      assert.equal(
        ran(record),
        answer === "allow",
        `the command ran only when allowed: ${toolResultText(record)}`,
      );
    });
  }

  it("asks nobody about a command it can judge", async (t) => {
    if (beyondSlice(t, "test:guard-sessions")) return;
    const program = requireClient(t, "claude");
    if (!program) return;
    const person = approver("deny");
    const plain = { name: "Bash", input: { command: "cat README.md", description: "show" } };
    const record = await claudeSession(
      [...program, "--allowedTools", "Bash", ...person.flags],
      await project(),
      plain,
    );
    assert.deepEqual(asked(person.log), [], "an allowed Bash call needs no prompt");
    assert.match(toolResultText(record), /readme-canary-8d02/);
  });

  it("runs a command it can judge, under the same flags", async (t) => {
    if (beyondSlice(t, "test:guard-sessions")) return;
    const program = requireClient(t, "claude");
    if (!program) return;
    const plain = { name: "Bash", input: { command: "cat README.md", description: "show" } };
    const record = await claudeSession(
      [...program, "--permission-mode", "bypassPermissions"],
      await project(),
      plain,
    );
    assert.match(toolResultText(record), /readme-canary-8d02/);
  });
});
