import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { emitClientPack } from "../../src/emit/clients/emit-client.js";
import type { ComposedFile } from "../../src/emit/emitted-tree.js";
import type { CapabilityRow } from "../../src/packs/shared/capability.js";
import { clientOf, coreExampleFiles, settingsOf, settingsRegistry } from "../support/settings-fixture.js";

function entryAt(composed: ComposedFile[], file: string, path: string): unknown {
  return composed.find((f) => f.path === file)?.entries.find((e) => e.path.join(".") === path)?.value;
}

function cannot(rows: CapabilityRow[], kind: string): string[] {
  return rows.filter((r) => r.kind === kind && r.enforcement === "cannot").map((r) => r.promise);
}

describe("codex: MCP variables handed over by name", () => {
  it(`writes env_vars and bearer_token_env_var instead of reporting \${VAR} as unexpanded`, async () => {
    const plainArgs = {
      "core/mcp.json": (coreExampleFiles()["core/mcp.json"] ?? "").replace(`\${ISSUES_PROJECT:-web}`, "web"),
    };
    const out = settingsOf(await settingsRegistry(["codex"], plainArgs), "codex");
    const issues = entryAt(out.composed, ".codex/config.toml", "mcp_servers.issues") as Record<
      string,
      unknown
    >;
    assert.deepEqual(issues.env_vars, ["ISSUES_TOKEN"]);
    assert.equal(issues.env, undefined, "the only env entry is handed over by name");
    const docs = entryAt(out.composed, ".codex/config.toml", "mcp_servers.docs") as Record<string, unknown>;
    assert.equal(docs.bearer_token_env_var, "DOCS_TOKEN");
    assert.equal(docs.http_headers, undefined);
    const lost = cannot(out.capabilities, "mcp");
    assert.ok(
      !lost.some((p) => p.includes(`\${ISSUES_TOKEN}`) || p.includes(`\${DOCS_TOKEN}`)),
      lost.join("\n"),
    );
    assert.deepEqual(out.diagnostics, []);
  });

  it(`leaves out a server with a variable in args, as Codex's loss: Codex expands none, so it would get the literal \${VAR}`, async () => {
    const out = settingsOf(await settingsRegistry(["codex"]), "codex");
    assert.equal(entryAt(out.composed, ".codex/config.toml", "mcp_servers.issues"), undefined);
    assert.deepEqual(
      out.diagnostics.map((d) => [d.id, d.severity, d.message]),
      [
        [
          "AGC150",
          "warning",
          `Codex CLI passes variables only as an env entry of the same name (NAME: \${NAME}), so \${ISSUES_PROJECT:-web} in MCP server "issues" would reach it as literal text; the server is not written for Codex CLI`,
        ],
      ],
    );
  });
});

describe("claude-code: permissions_extra and settings_extra at their levels", () => {
  it("writes disableBypassPermissionsMode, when turned on, inside permissions and nothing else at the top of the file but the sandbox", async () => {
    const policy = "permissions.disableBypassPermissionsMode";
    const registry = await settingsRegistry(
      ["claude-code"],
      {},
      { client_policies: { "claude-code": [policy] } },
    );
    const out = settingsOf(registry, "claude-code");
    const settings = out.composed.find((f) => f.path === ".claude/settings.json");
    assert.ok(settings);
    assert.equal(entryAt(out.composed, ".claude/settings.json", policy), "disable");
    const roots = new Set(settings.entries.map((e) => String(e.path[0])));
    // sandbox: the core denies reads, which switches the sandbox on (os_read_deny, docs/guard.md)
    assert.deepEqual([...roots].sort(), ["hooks", "permissions", "sandbox"]);
  });
});

describe("every value a pack drops is reported", () => {
  it("a hook timeout on a client whose hook entry has no timeout (Windsurf) is an AGC080 row", async () => {
    const registry = await settingsRegistry(["windsurf"]);
    const out = emitClientPack(clientOf(registry, "windsurf"), registry);
    const guardHook = 'before_tool hook "node .agentc/guard.mjs" on read, grep, glob, edit, exec, mcp';
    assert.ok(cannot(out.capabilities, "hook").includes(`${guardHook} times out after 10 s`));
    const said = out.diagnostics.find((d) => d.id === "AGC080" && d.message.includes("times out after 10 s"));
    assert.equal(said?.file, "core/hooks.json");
  });

  it("a hook description and an MCP description with no field are rows; a client with the field writes them", async () => {
    const claude = settingsOf(await settingsRegistry(["claude-code"]), "claude-code");
    assert.ok(
      cannot(claude.capabilities, "hook").some((p) =>
        p.endsWith('described as "Blocks secret paths and secret content."'),
      ),
    );
    assert.ok(
      cannot(claude.capabilities, "mcp").includes(
        'MCP server "issues" (stdio) description: The issue tracker.',
      ),
    );
    const gemini = settingsOf(await settingsRegistry(["gemini-cli"]), "gemini-cli");
    assert.deepEqual(
      cannot(gemini.capabilities, "mcp").filter((p) => p.includes("description")),
      [],
    );
    const issues = entryAt(gemini.composed, ".gemini/settings.json", "mcpServers.issues") as Record<
      string,
      unknown
    >;
    assert.equal(issues.description, "The issue tracker.");
  });

  it("a skill's allow rules go to Claude Code's allowed-tools; an agent's, which no client takes per item, are rows", async () => {
    const registry = await settingsRegistry(["claude-code", "cursor"]);
    const claude = emitClientPack(clientOf(registry, "claude-code"), registry);
    const allow = (rows: CapabilityRow[]) =>
      rows.filter((r) => r.promise.endsWith("without asking")).map((r) => [r.kind, r.promise, r.enforcement]);
    assert.deepEqual(allow(claude.capabilities), [
      ["skill-deny", "skill code-review may use Exec(git diff) without asking", "enforced"],
      ["skill-deny", "skill code-review may use Exec(git log) without asking", "enforced"],
      ["skill-deny", "skill fix-tests may use Exec(npm test) without asking", "enforced"],
      ["skill-deny", "skill fix-tests may use Exec(npm run lint) without asking", "enforced"],
      ["agent-tools", "agent test-runner may use Exec(npm test) without asking", "cannot"],
    ]);
    const review = claude.files.find((f) => f.path === ".claude/skills/code-review/SKILL.md");
    assert.match(
      review?.bytes.toString("utf8") ?? "",
      /\nallowed-tools:\n {2}- "Bash\(git diff:\*\)"\n {2}- "PowerShell\(git diff:\*\)"\n/,
    );
    const cursor = emitClientPack(clientOf(registry, "cursor"), registry);
    assert.ok(allow(cursor.capabilities).every(([, , level]) => level === "cannot"));
  });
});

describe("the guard's path is anchored at the project root, or the build says where it is not", () => {
  it("under the project-dir variable, in a client that starts hooks at the root, else an instruction row", async () => {
    const ids = ["claude-code", "codex", "cursor", "gemini-cli", "github-copilot", "windsurf"];
    const registry = await settingsRegistry(ids);
    const unanchored = ids.filter((id) =>
      settingsOf(registry, id).capabilities.some(
        (r) =>
          r.kind === "guard" && r.enforcement === "instruction" && r.promise.startsWith("the guard program"),
      ),
    );
    assert.deepEqual(unanchored, ["codex", "windsurf"]);
    const codex = settingsOf(registry, "codex").capabilities.find(
      (r) => r.enforcement === "instruction" && r.kind === "guard",
    );
    assert.match(codex?.reason ?? "", /found only when Codex CLI is started at the project root/);
    const gemini = JSON.stringify(settingsOf(registry, "gemini-cli").composed);
    assert.ok(gemini.includes('node \\"$GEMINI_PROJECT_DIR/.gemini/hooks/agentc-guard.mjs\\"'), gemini);
    const copilot = settingsOf(registry, "github-copilot").composed.flatMap((f) => f.entries);
    assert.ok(copilot.some((e) => (e.value as { cwd?: string }).cwd === "."));
  });
});
