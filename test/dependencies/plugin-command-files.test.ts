import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pluginCommandFiles } from "../../src/dependencies/plugin-commands.js";

const content = (files: Record<string, string>) => ({
  files: new Map(Object.entries(files).map(([path, text]) => [path, Buffer.from(text)])),
  executables: new Set<string>(),
});

describe("pluginCommandFiles: which of a plugin's files carry servers or hooks", () => {
  const kept = (files: Record<string, string>) =>
    [...pluginCommandFiles(content(files), "marketplace-plugin").files.keys()].sort();

  it("keeps the MCP and hooks files, and a manifest with inline servers", () => {
    assert.deepEqual(
      kept({
        ".mcp.json": "{}",
        "hooks/hooks.json": "{}",
        ".claude-plugin/plugin.json": '{"name":"p","mcpServers":{}}',
        "skills/a/SKILL.md": "x",
      }),
      [
        "plugin-commands/claude-code/.claude-plugin/plugin.json",
        "plugin-commands/claude-code/.mcp.json",
        "plugin-commands/claude-code/hooks/hooks.json",
      ],
    );
  });

  it("leaves out a manifest without servers or hooks", () => {
    assert.deepEqual(kept({ ".claude-plugin/plugin.json": '{"name":"p"}' }), []);
  });

  it("keeps a manifest that is no JSON, so the build reports it instead of losing its entries unsaid", () => {
    assert.deepEqual(kept({ ".claude-plugin/plugin.json": '{"name":"p", "mcpServers": {' }), [
      "plugin-commands/claude-code/.claude-plugin/plugin.json",
    ]);
  });
});
