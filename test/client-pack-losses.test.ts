import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CapabilityRow } from "../src/clients/capability.js";
import type { ComposedFile } from "../src/emit/emitted-tree.js";
import { settingsOf, settingsRegistry } from "./support/settings-fixture.js";

function entryAt(composed: ComposedFile[], file: string, path: string): unknown {
  return composed.find((f) => f.path === file)?.entries.find((e) => e.path.join(".") === path)?.value;
}

function cannot(rows: CapabilityRow[], kind: string): string[] {
  return rows.filter((r) => r.kind === kind && r.enforcement === "cannot").map((r) => r.promise);
}

describe("codex: MCP variables handed over by name", () => {
  it(`writes env_vars and bearer_token_env_var instead of reporting \${VAR} as unexpanded`, async () => {
    const out = settingsOf(await settingsRegistry(["codex"]), "codex");
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
    assert.ok(
      lost.some((p) => p.includes(`expands \${ISSUES_PROJECT:-web}`)),
      "a variable inside args is still reported",
    );
  });
});

describe("claude-code: permissions_extra and settings_extra at their levels", () => {
  it("writes disableBypassPermissionsMode inside permissions and nothing else at the top of the file", async () => {
    const out = settingsOf(await settingsRegistry(["claude-code"]), "claude-code");
    const settings = out.composed.find((f) => f.path === ".claude/settings.json");
    assert.ok(settings);
    assert.equal(
      entryAt(out.composed, ".claude/settings.json", "permissions.disableBypassPermissionsMode"),
      "disable",
    );
    const roots = new Set(settings.entries.map((e) => String(e.path[0])));
    assert.deepEqual([...roots].sort(), ["hooks", "permissions"]);
  });
});
