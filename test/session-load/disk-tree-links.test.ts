import assert from "node:assert/strict";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { diskTree } from "../../src/session-load/index.js";
import { testdir } from "../support/testdir.js";

describe("diskTree and links to folders", () => {
  it("walks a link to a folder inside the project as that folder, once on each path", () => {
    const root = testdir({ ".agents/skills/review/SKILL.md": "---\nname: review\n---\nReview.\n" });
    mkdirSync(join(root, ".claude", "skills"), { recursive: true });
    symlinkSync("../../.agents/skills/review", join(root, ".claude", "skills", "review"));
    const tree = diskTree(root);
    assert.deepEqual(tree.filesUnder(".claude/skills"), [".claude/skills/review/SKILL.md"]);
    assert.equal(tree.text(".claude/skills/review/SKILL.md"), "---\nname: review\n---\nReview.\n");
    assert.deepEqual(tree.filesUnder(""), [
      ".agents/skills/review/SKILL.md",
      ".claude/skills/review/SKILL.md",
    ]);
  });

  it("does not walk a link to a folder above it (no loop) or outside the project", () => {
    const outside = testdir({ "secret.md": "not the project's\n" });
    const root = testdir({ "docs/a.md": "A\n" });
    symlinkSync("..", join(root, "docs", "up"));
    symlinkSync(outside, join(root, "elsewhere"));
    symlinkSync("docs", join(root, "also-docs"));
    assert.deepEqual(diskTree(root).filesUnder(""), ["also-docs/a.md", "docs/a.md"]);
  });

  it("still lists a link to a file, and a dangling link, as a path", () => {
    const root = testdir({ "AGENTS.md": "# A\n" });
    symlinkSync("AGENTS.md", join(root, "CLAUDE.md"));
    symlinkSync("missing.md", join(root, "GEMINI.md"));
    const tree = diskTree(root);
    assert.deepEqual(tree.filesUnder(""), ["AGENTS.md", "CLAUDE.md", "GEMINI.md"]);
    assert.equal(tree.linkTarget("CLAUDE.md"), "AGENTS.md");
    assert.equal(tree.text("GEMINI.md"), undefined);
  });

  it("follows a bounded number of folder links, so links that fan out level after level cannot make it grow without end", () => {
    // Level n holds ten links to level n+1: walked on every path, six levels would be a million listings.
    const root = testdir({ "l6/leaf.md": "leaf\n" });
    for (let level = 5; level >= 0; level--) {
      mkdirSync(join(root, `l${level}`));
      for (let i = 0; i < 10; i++) symlinkSync(`../l${level + 1}`, join(root, `l${level}`, `to${i}`));
    }
    const files = diskTree(root).filesUnder("l0");
    assert.ok(files.length > 0 && files.length <= 1000, `${files.length} files listed`);
    assert.ok(files.every((f) => f.endsWith("/leaf.md")));
  });
});
