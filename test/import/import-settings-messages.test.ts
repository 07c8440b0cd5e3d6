import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

/**
 * A value of a settings file import leaves out is said as "<key> in <file> <what it is>: not imported". Some
 * readers gave a sentence of their own there, which read broken: "mcp.context7 in opencode.json the server
 * entry has false where the client's form is true" (0xRayAI/xray turns a server of the user's off with
 * `{"enabled": false}`), "hooks.SessionStart.0.matcher in .claude/settings.json the matcher "startup|resume" of
 * a session_start hook …" (E5presso/spakky-framework). Each now reads as one sentence, and a value that
 * contradicts the client's form names its key.
 */
describe("what import leaves out of a settings file is said in one sentence", () => {
  it("names the key that contradicts the client's form, and the matcher of an event without tools", async () => {
    const project = testdir({
      "AGENTS.md": "# Shop\n\nRun `pnpm test` before pushing.\n",
      "opencode.json": `${JSON.stringify(
        {
          $schema: "https://opencode.ai/config.json",
          mcp: {
            docs: { type: "local", command: ["npx", "-y", "docs-mcp"], enabled: true },
            search: { enabled: false },
          },
        },
        null,
        2,
      )}\n`,
      ".claude/settings.json": `${JSON.stringify(
        {
          hooks: {
            SessionStart: [
              { matcher: "startup|resume", hooks: [{ type: "command", command: "./scripts/env.sh" }] },
            ],
            PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "Is this command safe?" }] }],
          },
        },
        null,
        2,
      )}\n`,
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics.filter((d) => d.id === "AGC128").map((d) => `${d.file}: ${d.message}`);
    const line = (pattern: RegExp) =>
      assert.ok(
        said.some((m) => pattern.test(m)),
        `${pattern}\n${said.join("\n")}`,
      );
    line(
      /^opencode\.json: mcp\.search in opencode\.json has "enabled": false where the client's form is true: not imported$/,
    );
    line(
      /^\.claude\/settings\.json: hooks\.SessionStart\.0\.matcher in \.claude\/settings\.json is "startup\|resume", a matcher of a session_start hook, which has no neutral equivalent: not imported$/,
    );
    line(
      /^\.claude\/settings\.json: hooks\.PreToolUse\.0 in \.claude\/settings\.json has "hooks\.0\.type": "prompt" where the client's form is "command": not imported$/,
    );
    assert.ok(!said.some((m) => / in \S+ (the|its) /.test(m)), said.join("\n"));
  });

  it("names another assistant's MCP key in a pack's MCP file, and the key the pack reads there (UBC-FRESH/ws3)", async () => {
    const server = { command: "npx", args: ["-y", "github-mcp"] };
    const project = testdir({
      "AGENTS.md": "# Shop\n\nRun `pnpm test` before pushing.\n",
      ".github/copilot-instructions.md": "# Shop\n\nRun `pnpm test` before pushing.\n",
      ".vscode/mcp.json": `${JSON.stringify({ mcpServers: { github: server } }, null, 2)}\n`,
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics.find((d) => d.file === ".vscode/mcp.json" && d.line === 2);
    assert.match(
      said?.message ?? "",
      /^mcpServers in \.vscode\/mcp\.json is not where GitHub Copilot reads MCP servers \("servers" in this file\), so it starts none of the servers listed here: not imported$/,
    );
    assert.match(said?.hint ?? "", /Rename "mcpServers" to "servers"/);
  });

  it("says nothing of an empty list or object, which holds no setting (PlagueHO/libris-maleficarum)", async () => {
    const server = { type: "stdio", command: "npx", args: ["-y", "github-mcp"] };
    const input = { type: "promptString", id: "token", description: "GitHub token", password: true };
    const files = (inputs: unknown[]) => ({
      "AGENTS.md": "# Shop\n\nRun `pnpm test` before pushing.\n",
      ".github/copilot-instructions.md": "# Shop\n\nRun `pnpm test` before pushing.\n",
      ".vscode/mcp.json": `${JSON.stringify({ inputs, servers: { github: server }, extensions: {} }, null, 2)}\n`,
    });
    const about = (run: Awaited<ReturnType<typeof runImport>>) =>
      run.json.diagnostics
        .filter((d) => d.file === ".vscode/mcp.json" && d.id === "AGC128")
        .map((d) => d.message);
    const empty = await runImport(testdir(files([])));
    assert.equal(empty.status, 0, empty.stderr);
    assert.deepEqual(about(empty), []);
    const prompted = await runImport(testdir(files([input])));
    assert.equal(prompted.status, 0, prompted.stderr);
    assert.deepEqual(about(prompted), ["inputs in .vscode/mcp.json has no neutral equivalent: not imported"]);
  });

  it("says nothing of a server field at the client's own default (Kiro's disabled: false, RobertTeunissen/ArmouredSouls)", async () => {
    const server = (fields: object) => ({ command: "node", args: ["tools/mcp.js"], ...fields });
    const files = (fields: object) => ({
      "AGENTS.md": "# Shop\n\nRun `pnpm test` before pushing.\n",
      ".kiro/steering/product.md": "# Product\n\nA shop.\n",
      ".kiro/settings/mcp.json": `${JSON.stringify({ mcpServers: { tools: server(fields) } }, null, 2)}\n`,
    });
    const about = (run: Awaited<ReturnType<typeof runImport>>) =>
      run.json.diagnostics
        .filter((d) => d.file === ".kiro/settings/mcp.json" && d.id === "AGC128")
        .map((d) => d.message);
    const defaults = await runImport(testdir(files({ disabled: false, autoApprove: [], disabledTools: [] })));
    assert.equal(defaults.status, 0, defaults.stderr);
    assert.deepEqual(about(defaults), []);
    assert.ok(defaults.json.files.includes("core/mcp.json"), defaults.json.files.join("\n"));
    const chosen = await runImport(testdir(files({ disabled: true, autoApprove: ["query"] })));
    assert.equal(chosen.status, 0, chosen.stderr);
    assert.deepEqual(about(chosen).sort(), [
      "mcpServers.tools.autoApprove in .kiro/settings/mcp.json has no neutral equivalent: not imported",
      "mcpServers.tools.disabled in .kiro/settings/mcp.json has no neutral equivalent: not imported",
    ]);
  });
});
