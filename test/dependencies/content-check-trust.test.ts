import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { filterUntrusted } from "../../src/dependencies/checks/dependency-hooks-need-trust.js";
import { checkDependency } from "../../src/dependencies/content-check.js";
import type { DependencyInput } from "../../src/dependencies/model.js";

const bytes = (text: string) => new TextEncoder().encode(text);

/** A skills repository that also ships hooks and MCP servers in the places people put them. */
function skillsRepo(trusted: boolean): DependencyInput {
  return {
    name: "team-skills",
    kind: "git",
    origin: "https://github.com/example/team-skills",
    version: "4f1c2a9e0b7d6c5a4f3e2d1c0b9a8f7e6d5c4b3a",
    digest: `sha256:${"a".repeat(64)}`,
    trusted,
    files: new Map([
      [
        "skills/review/SKILL.md",
        bytes("---\nname: review\ndescription: Reviews a diff.\n---\nRead the diff\u200B first.\n"),
      ],
      ["skills/review/scripts/lint.sh", bytes("#!/bin/sh\nexec npx biome check .\n")],
      ["core/hooks.json", bytes('{"version": 1, "hooks": []}\n')],
      ["core/mcp.json", bytes('{"version": 1, "servers": {}}\n')],
      [".mcp.json", bytes('{"mcpServers": {"x": {"command": "npx"}}}\n')],
      ["settings/settings.json", bytes('{"hooks": {"PreToolUse": []}, "model": "x"}\n')],
      ["settings/theme.json", bytes('{"theme": "dark"}\n')],
      ["config.toml", bytes('model = "x"\n\n[mcp_servers.docs]\ncommand = "npx"\n')],
      ["agents/helper.md", bytes("---\nname: helper\nhooks:\n  Stop: []\n---\nHelps.\n")],
      ["agents/plain.md", bytes("---\nname: plain\n---\nNo hooks: only text.\n")],
      [".husky/pre-commit", bytes("npm test\n")],
      ["plugin/hooks/hooks.json", bytes("{}\n")],
      ["logo.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])],
    ]),
  };
}

describe("hooks and MCP commands of a dependency", () => {
  it("leave an untrusted dependency, each reported; everything else stays", () => {
    const { kept, dropped } = filterUntrusted(skillsRepo(false));
    assert.deepEqual(dropped, [
      { path: ".husky/pre-commit", carries: "hook scripts" },
      { path: ".mcp.json", carries: "MCP servers" },
      { path: "agents/helper.md", carries: "hooks" },
      { path: "config.toml", carries: "MCP servers" },
      { path: "core/hooks.json", carries: "a hooks file" },
      { path: "core/mcp.json", carries: "MCP servers" },
      { path: "plugin/hooks/hooks.json", carries: "hook scripts" },
      { path: "settings/settings.json", carries: "hooks" },
    ]);
    assert.deepEqual(
      [...kept.keys()],
      [
        "agents/plain.md",
        "logo.png",
        "settings/theme.json",
        "skills/review/SKILL.md",
        "skills/review/scripts/lint.sh",
      ],
    );
  });

  it("all enter from a dependency the registry trusts by name", () => {
    const { kept, dropped } = filterUntrusted(skillsRepo(true));
    assert.deepEqual(dropped, []);
    assert.equal(kept.size, skillsRepo(true).files.size);
  });

  it("checkDependency reports the planted zero-width character and every untrusted hook, and keeps the rest", () => {
    const checked = checkDependency(skillsRepo(false));
    const lines = checked.diagnostics.map(
      (d) => `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.id} ${d.message}`,
    );
    assert.deepEqual(lines.slice(0, 3), [
      'team-skills:skills/review/SKILL.md:5:14: error AGC195 U+200B, a zero-width character, is hidden in the text of dependency "team-skills"',
      'team-skills:.husky/pre-commit:1:1: warning AGC197 Dependency "team-skills" is not trusted, so .husky/pre-commit (hook scripts) is left out of the build',
      'team-skills:.mcp.json:1:1: warning AGC197 Dependency "team-skills" is not trusted, so .mcp.json (MCP servers) is left out of the build',
    ]);
    assert.equal(lines.filter((l) => l.includes("AGC197")).length, 8);
    assert.equal(checked.input.files.has("core/hooks.json"), false);
    assert.equal(checked.input.files.has("skills/review/SKILL.md"), true);
    assert.match(checked.diagnostics[1]?.hint ?? "", /set "trusted": true on "team-skills" in sources.json/);
  });
});
