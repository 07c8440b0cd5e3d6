import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import { memoryTree } from "../../src/session-load/project-tree.js";
import { repeatedTexts, type SessionLoad, sessionLoad } from "../../src/session-load/session-load.js";

/**
 * A pack's read-model switch (`reads.modes`) against small trees: Claude Code's instructionFiles, as the
 * pinned CLI was seen to read it (fact instruction-modes; the conformance test
 * conformance-claude-instruction-files.test.ts runs the CLI itself for each value).
 */
function claude(): ClientPack {
  const found = builtinClientPacks().find((c) => c.pack.client === "claude-code");
  assert.ok(found, "built-in pack claude-code");
  return found.pack;
}

const tree = (files: Record<string, string>) =>
  memoryTree(Object.entries(files).map(([path, text]) => ({ path, text })));

/** The person's ~/.claude/settings.json setting instructionFiles to `value` (under the key `plugin`). */
const home = (value: string, plugin = "agents-md@builtin") =>
  tree({
    ".claude/settings.json": JSON.stringify({
      pluginConfigs: { [plugin]: { options: { instructionFiles: value } } },
    }),
  });

const project = {
  "AGENTS.md": "# Team\nagents text\n",
  "CLAUDE.md": "# Claude\nclaude text\n",
  ".claude/rules/style.md": "# Style\nalways\n",
  ".claude/skills/review/SKILL.md": "---\nname: review\ndescription: Reviews.\n---\nReview.\n",
};

function load(files: Record<string, string>, person?: ReturnType<typeof home>): SessionLoad {
  return sessionLoad(claude(), tree(files), person);
}

const texts = (l: SessionLoad) => l.texts.map((t) => `${t.path}:${t.via}`);

describe("session load: a read-model switch read from the person's settings (fact: instruction-modes)", () => {
  it("without a setting (and in a build, with no home) the default: AGENTS.md only when there is no CLAUDE.md", () => {
    assert.deepEqual(texts(load(project)), ["CLAUDE.md:file", ".claude/rules/style.md:rule"]);
    assert.deepEqual(load(project).mode, { value: "claude-md-or-agents-md" });
    assert.deepEqual(texts(load(project, tree({}))), ["CLAUDE.md:file", ".claude/rules/style.md:rule"]);
  });

  it("claude-md-and-agents-md: CLAUDE.md and AGENTS.md, each once", () => {
    const both = load(project, home("claude-md-and-agents-md"));
    assert.deepEqual(texts(both), ["CLAUDE.md:file", "AGENTS.md:file", ".claude/rules/style.md:rule"]);
    assert.deepEqual(both.mode, { value: "claude-md-and-agents-md", file: "~/.claude/settings.json" });
    const imported = load(
      { ...project, ".claude/CLAUDE.md": "@../AGENTS.md\n" },
      home("claude-md-and-agents-md"),
    );
    assert.deepEqual(texts(imported), [
      "CLAUDE.md:file",
      ".claude/CLAUDE.md:file",
      "AGENTS.md:import",
      ".claude/rules/style.md:rule",
    ]);
    assert.deepEqual(repeatedTexts(imported), []);
  });

  it("claude-md: never AGENTS.md, even in a project without a CLAUDE.md", () => {
    const { "CLAUDE.md": _, ...withoutClaude } = project;
    assert.deepEqual(texts(load(withoutClaude, home("claude-md"))), [".claude/rules/style.md:rule"]);
    assert.deepEqual(texts(load(withoutClaude, home("claude-md", "cc-plugin-agents-md@builtin"))), [
      ".claude/rules/style.md:rule",
    ]);
  });

  it("managed-only: no instruction file of the project and no rule, the skills still listed", () => {
    const managed = load(project, home("managed-only"));
    assert.deepEqual(texts(managed), []);
    assert.deepEqual(
      managed.items.map((i) => `${i.kind}:${i.name}`),
      ["skill:review"],
    );
  });

  it("the same key in the project's settings changes nothing; an unknown value is the default", () => {
    const inProject = {
      ...project,
      ".claude/settings.json": JSON.stringify({
        pluginConfigs: { "agents-md@builtin": { options: { instructionFiles: "claude-md-and-agents-md" } } },
      }),
    };
    assert.deepEqual(texts(load(inProject)), ["CLAUDE.md:file", ".claude/rules/style.md:rule"]);
    const unknown = load(project, home("both"));
    assert.deepEqual(unknown.mode, { value: "claude-md-or-agents-md", file: "~/.claude/settings.json" });
    assert.deepEqual(texts(unknown), ["CLAUDE.md:file", ".claude/rules/style.md:rule"]);
    assert.deepEqual(texts(load(project, tree({ ".claude/settings.json": "{ not json" }))), [
      "CLAUDE.md:file",
      ".claude/rules/style.md:rule",
    ]);
  });
});
