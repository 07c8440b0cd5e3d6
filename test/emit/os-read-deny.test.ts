import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { composeJson } from "../../src/compose/index.js";
import type { ComposedFile } from "../../src/emit/emitted-tree.js";
import { secondLine } from "../../src/packs/os-read-deny/emit.js";
import { guardOsPaths } from "../../src/packs/os-read-deny/guard-paths.js";
import { runAgentc } from "../support/run-cli.js";
import { clientOf, coreExampleFiles, settingsOf, settingsRegistry } from "../support/settings-fixture.js";
import { testdir } from "../support/testdir.js";

/** The entries under `top` of one composed file, as "path → value" lines, elements marked with []. */
function linesUnder(composed: ComposedFile[], path: string, top: string): string[] {
  const file = composed.find((f) => f.path === path);
  return (file?.entries ?? [])
    .filter((e) => e.path[0] === top)
    .map((e) => `${e.path.join(".")}${e.element ? "[]" : ""} = ${JSON.stringify(e.value)}`);
}

const permissions = (deny: object[]) => ({ "core/permissions.json": JSON.stringify({ version: 1, deny }) });
const sandboxOf = (composed: ComposedFile[]) => linesUnder(composed, ".claude/settings.json", "sandbox");
const guardPathCount = guardOsPaths.length;

describe("Claude Code: the sandbox is the second line behind the guard", () => {
  it("switches the sandbox on and refuses the registry's read paths, then the guard's, when core/ denies reads", async () => {
    const sandbox = sandboxOf(settingsOf(await settingsRegistry(["claude-code"]), "claude-code").composed);
    assert.equal(sandbox[0], "sandbox.enabled = true");
    assert.deepEqual(sandbox.slice(1, 4), [
      'sandbox.filesystem.denyRead[] = "./.env"',
      'sandbox.filesystem.denyRead[] = "./.env.*"',
      'sandbox.filesystem.denyRead[] = "./secrets/**"',
    ]);
    for (const path of ["**/.env", "**/id_ed25519", "**/*.pem", "~/.ssh", "~/.aws/credentials"])
      assert.ok(sandbox.includes(`sandbox.filesystem.denyRead[] = ${JSON.stringify(path)}`), path);
    assert.equal(sandbox.length, 1 + 3 + guardPathCount, "each path once");
    assert.ok(
      !sandbox.some((l) => l.includes("allowRead")),
      "the registry denies .env.* by name, so no .env template is read again",
    );
  });

  it("reads the guard's .env templates again when the registry's rules leave them readable", async () => {
    const registry = await settingsRegistry(
      ["claude-code"],
      permissions([{ verb: "read", paths: [".env"] }]),
    );
    const sandbox = sandboxOf(settingsOf(registry, "claude-code").composed);
    assert.deepEqual(
      sandbox.filter((l) => l.includes("allowRead")),
      [".env.example", ".env.sample", ".env.template", ".env.dist"].map(
        (name) => `sandbox.filesystem.allowRead[] = "**/${name}"`,
      ),
    );
  });

  it("writes no sandbox when core/ denies no reads: it is never a default nobody asked for", async () => {
    const registry = await settingsRegistry(
      ["claude-code"],
      permissions([
        { verb: "exec", commands: ["rm -rf"] },
        { verb: "edit", paths: [".env"] },
      ]),
    );
    assert.deepEqual(sandboxOf(settingsOf(registry, "claude-code").composed), []);
    const line = secondLine(clientOf(registry, "claude-code").pack, registry);
    assert.equal(line.state, "not-asked");
    assert.match(line.reason, /denies no reads/);
  });

  it("leaves the guard's paths out when the registry turns the guard off", async () => {
    const registry = await settingsRegistry(["claude-code"], {}, { secret_guard: false });
    assert.deepEqual(sandboxOf(settingsOf(registry, "claude-code").composed), [
      "sandbox.enabled = true",
      'sandbox.filesystem.denyRead[] = "./.env"',
      'sandbox.filesystem.denyRead[] = "./.env.*"',
      'sandbox.filesystem.denyRead[] = "./secrets/**"',
    ]);
  });

  it("never replaces a person's own sandbox settings: enabled: false stays theirs, their paths stay beside agentc's", async () => {
    const file = settingsOf(await settingsRegistry(["claude-code"]), "claude-code").composed.find(
      (f) => f.path === ".claude/settings.json",
    );
    assert.ok(file);
    const mine =
      '{\n  "sandbox": {\n    "enabled": false,\n    "filesystem": { "denyRead": ["~/private"] }\n  }\n}\n';
    const result = composeJson(mine, file.entries, []);
    const written = JSON.parse(result.text) as {
      sandbox: { enabled: boolean; filesystem: { denyRead: string[] } };
    };
    assert.equal(written.sandbox.enabled, false);
    assert.deepEqual(
      result.conflicts.map((c) => [c.kind, c.path.join(".")]),
      [["user-written", "sandbox.enabled"]],
    );
    assert.equal(written.sandbox.filesystem.denyRead[0], "~/private");
    assert.ok(written.sandbox.filesystem.denyRead.includes("./.env"));
  });

  it("is partial in the matrix, and says what it does not cover", async () => {
    const registry = await settingsRegistry(["claude-code"]);
    const line = secondLine(clientOf(registry, "claude-code").pack, registry);
    assert.equal(line.state, "written");
    assert.equal(line.enforcement, "partial");
    assert.match(line.reason, /^sandbox\.enabled: true and \d+ paths in sandbox\.filesystem\.denyRead/);
    assert.match(line.reason, /dangerouslyDisableSandbox/);
    assert.equal(line.fact, "sandbox");
  });
});

describe("Gemini CLI: tool sandboxing is the second line", () => {
  it("switches security.toolSandboxing on (it takes no path list) when core/ denies reads, and nothing else", async () => {
    const composed = settingsOf(await settingsRegistry(["gemini-cli"]), "gemini-cli").composed;
    assert.deepEqual(linesUnder(composed, ".gemini/settings.json", "security"), [
      "security.toolSandboxing = true",
    ]);
    const none = await settingsRegistry(
      ["gemini-cli"],
      permissions([{ verb: "exec", commands: ["rm -rf"] }]),
    );
    assert.deepEqual(
      linesUnder(settingsOf(none, "gemini-cli").composed, ".gemini/settings.json", "security"),
      [],
    );
  });
});

describe("agentc matrix: the second line of each client", () => {
  const registry = () => {
    const files = coreExampleFiles();
    // Codex cannot pass the example's MCP variables (AGC150); the servers play no part here.
    delete files["core/mcp.json"];
    const targets = JSON.parse(files["targets.json"] ?? "{}") as object;
    const clients = ["claude-code", "codex", "opencode", "github-copilot", "windsurf"];
    files["targets.json"] = JSON.stringify({ ...targets, builtin_clients: clients });
    return testdir(files);
  };

  it("is a column of the summary and a section with each client's reason and source", async () => {
    const printed = await runAgentc(["matrix", registry()]);
    assert.equal(printed.status, 0, printed.stderr);
    const summary = printed.stdout.split("\n").filter((l) => l.startsWith("| "));
    assert.match(summary[0] ?? "", /\| total \| second line \|$/);
    assert.match(printed.stdout, /\| claude-code \(Claude Code, [^)]+\) \|.*\| partial \(sandbox\) \|/);
    assert.match(printed.stdout, /\| codex \(Codex CLI, [^)]+\) \|.*\| partial \(permission profile\) \|/);
    assert.match(printed.stdout, /\| opencode \(OpenCode, [^)]+\) \|.*\| none \|/);
    assert.match(printed.stdout, /\| github-copilot \([^)]+\) \|.*\| not written \(local sandboxing\) \|/);
    assert.match(printed.stdout, /\| windsurf \([^)]+\) \|.*\| – \|/);
    const section = printed.stdout.split("## Second line: the operating system")[1] ?? "";
    assert.match(
      section,
      /\| claude-code \| partial \(sandbox\) \| sandbox\.enabled: true .* Source: .*code\.claude\.com/,
    );
    assert.match(
      section,
      /\| github-copilot \| not written \(local sandboxing\) \| .*--repo sandbox\.enabled true/,
    );
  });

  it("is data in --format json, narrowed by --clients", async () => {
    const printed = await runAgentc([
      "matrix",
      registry(),
      "--format",
      "json",
      "--clients",
      "claude-code,opencode",
    ]);
    assert.equal(printed.status, 0, printed.stderr);
    const matrix = JSON.parse(printed.stdout) as { secondLine: Record<string, { state: string }> };
    assert.deepEqual(
      Object.fromEntries(Object.entries(matrix.secondLine).map(([id, line]) => [id, line.state])),
      { "claude-code": "written", opencode: "none" },
    );
  });
});
