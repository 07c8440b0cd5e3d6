import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { shownPath } from "../../src/cli/report/shown-path.js";

describe("shownPath: a diagnostic's file as the user can open it", () => {
  it("joins a registry file to the registry folder", () => {
    assert.equal(shownPath("core/mcp.json", "team"), "team/core/mcp.json");
  });

  it("shows a dependency's file as it is, a transitive one's too", () => {
    assert.equal(
      shownPath("agent-skills:core/skills/lint/SKILL.md", "team"),
      "agent-skills:core/skills/lint/SKILL.md",
    );
    assert.equal(
      shownPath("org/org-tools:core/skills/tool/hooks/hooks.json", "team"),
      "org/org-tools:core/skills/tool/hooks/hooks.json",
    );
    assert.equal(shownPath("@org/sources.json", "team"), "@org/sources.json");
  });

  it("shows addresses and placeholders as they are", () => {
    assert.equal(shownPath("https://example.test/rules.md", "team"), "https://example.test/rules.md");
    assert.equal(shownPath("<builtin>", "team"), "<builtin>");
  });
});
