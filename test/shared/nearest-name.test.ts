import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { nearestName } from "../../src/shared/nearest-name.js";

const assistants = ["amazon-q", "claude-code", "cline", "codex", "cursor", "gemini-cli", "github-copilot"];

describe("nearestName: what a misspelt or shortened name most likely means", () => {
  it("a few edits away", () => {
    assert.equal(nearestName("cursr", assistants), "cursor");
    assert.equal(nearestName("Cursor", assistants), "cursor");
  });

  it("the start of a name, or a part of it", () => {
    assert.equal(nearestName("claude", assistants), "claude-code");
    assert.equal(nearestName("copilot", assistants), "github-copilot");
    assert.equal(nearestName("gemini", assistants), "gemini-cli");
    assert.equal(nearestName("amazon", assistants), "amazon-q");
  });

  it("a name fewer edits away comes before one that starts with the name", () => {
    assert.equal(nearestName("code", ["claude-code", "codex"]), "codex");
  });

  it("of several that start with it, the shortest; a start before a part", () => {
    assert.equal(nearestName("claude", ["claude-skills", "claude-code", "my-claude"]), "claude-code");
    assert.equal(nearestName("hook", ["pre-hook", "hook-timeout"]), "hook-timeout");
  });

  it("nothing for a name too short, or too far from every candidate", () => {
    assert.equal(nearestName("co", assistants), undefined);
    assert.equal(nearestName("nope", ["core"]), undefined);
    assert.equal(nearestName("windsurf", assistants), undefined);
  });
});
