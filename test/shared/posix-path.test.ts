import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { baseName, joinPath, parentPath } from "../../src/shared/posix-path.js";

describe("posix paths (src/shared/posix-path.ts)", () => {
  it("joins, whatever the folder ends with", () => {
    assert.equal(joinPath(".claude/rules", "a.md"), ".claude/rules/a.md");
    assert.equal(joinPath(".claude/rules//", "a.md"), ".claude/rules/a.md");
    assert.equal(joinPath("", "AGENTS.md"), "AGENTS.md");
  });

  it("takes the folder and the last segment apart", () => {
    assert.equal(parentPath("a/b/c.md"), "a/b");
    assert.equal(parentPath("c.md"), "");
    assert.equal(baseName("a/b/c.md"), "c.md");
    assert.equal(baseName("c.md"), "c.md");
  });
});
