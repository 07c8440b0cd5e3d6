import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { linkLeadsTo } from "../../src/shared/posix-path.js";

describe("linkLeadsTo: where a relative link of a project leads", () => {
  it("resolves the link's text against its folder", () => {
    assert.equal(linkLeadsTo("AGENTS.md", "CLAUDE.md"), "CLAUDE.md");
    assert.equal(
      linkLeadsTo("AGENTS.md", ".github/copilot-instructions.md"),
      ".github/copilot-instructions.md",
    );
    assert.equal(linkLeadsTo(".claude/rules", "../.agents/rules"), ".agents/rules");
    assert.equal(linkLeadsTo("docs/a/LINK.md", "../../AGENTS.md"), "AGENTS.md");
  });

  it("gives nothing for an absolute link, or one to the project folder or above it", () => {
    assert.equal(linkLeadsTo("AGENTS.md", "/etc/passwd"), undefined);
    assert.equal(linkLeadsTo("AGENTS.md", "../other/AGENTS.md"), undefined);
    assert.equal(linkLeadsTo("docs/x", ".."), undefined);
    assert.equal(linkLeadsTo("docs/x", "../.."), undefined);
  });
});
