import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import { diskTree } from "../../src/session-load/disk-tree.js";
import * as sessionLoadApi from "../../src/session-load/index.js";
import { memoryTree, type TreeLink } from "../../src/session-load/project-tree.js";
import {
  loadedCharacters,
  repeatedTexts,
  type SessionLoad,
  sessionLoad,
} from "../../src/session-load/session-load.js";
import { testdir } from "../support/testdir.js";

/**
 * The read models of the built-in packs against small project trees, one per behaviour observed with the
 * client itself (each case names the pack fact it rests on). The conformance tests compare the same model
 * with what the real CLIs load.
 */
function pack(id: string): ClientPack {
  const found = builtinClientPacks().find((c) => c.pack.client === id);
  assert.ok(found, `built-in pack ${id}`);
  return found.pack;
}

function load(id: string, files: Record<string, string>, links: TreeLink[] = []): SessionLoad {
  const tree = memoryTree(
    Object.entries(files).map(([path, text]) => ({ path, text })),
    links,
  );
  return sessionLoad(pack(id), tree);
}

const texts = (l: SessionLoad) => l.texts.map((t) => `${t.path}:${t.via}`);
const item = (l: SessionLoad, kind: string, name: string) =>
  l.items.find((i) => i.kind === kind && i.name === name);
const skill = (description: string) => `---\nname: review\ndescription: ${description}\n---\nReview.\n`;

describe("session load: instruction files (facts: instructions)", () => {
  it("claude-code reads AGENTS.md only when the project has no CLAUDE.md of its own", () => {
    assert.deepEqual(texts(load("claude-code", { "AGENTS.md": "A" })), ["AGENTS.md:file"]);
    assert.deepEqual(texts(load("claude-code", { "AGENTS.md": "A", "CLAUDE.md": "C" })), ["CLAUDE.md:file"]);
    assert.deepEqual(texts(load("claude-code", { "AGENTS.md": "A", "CLAUDE.local.md": "L" })), [
      "CLAUDE.local.md:file",
    ]);
  });

  it("claude-code loads AGENTS.md once through a CLAUDE.md link or @AGENTS.md import", () => {
    const linked = load("claude-code", { "AGENTS.md": "A" }, [{ path: "CLAUDE.md", target: "AGENTS.md" }]);
    assert.deepEqual(texts(linked), ["CLAUDE.md:link"]);
    const imported = load("claude-code", { "AGENTS.md": "A", "CLAUDE.md": "@AGENTS.md\nmore\n" });
    assert.deepEqual(texts(imported), ["CLAUDE.md:file", "AGENTS.md:import"]);
    assert.deepEqual(repeatedTexts(imported), []);
  });

  it("cline reads a single .clinerules file, and other tools' root files only when no .clinerules exists", () => {
    assert.deepEqual(texts(load("cline", { ".clinerules": "C", "AGENTS.md": "A" })), [
      ".clinerules:file",
      "AGENTS.md:file",
    ]);
    assert.deepEqual(texts(load("cline", { ".cursorrules": "R", ".windsurfrules": "W" })), [
      ".cursorrules:file",
      ".windsurfrules:file",
    ]);
    assert.deepEqual(texts(load("cline", { ".clinerules": "C", ".cursorrules": "R" })), [".clinerules:file"]);
    const folder = load("cline", { ".clinerules/style.md": "S", ".cursorrules": "R" });
    assert.deepEqual(texts(folder), [".clinerules/style.md:rule"]);
  });

  it("windsurf reads the legacy .windsurfrules beside AGENTS.md", () => {
    assert.deepEqual(texts(load("windsurf", { ".windsurfrules": "W", "AGENTS.md": "A" })), [
      ".windsurfrules:file",
      "AGENTS.md:file",
    ]);
  });

  it("github-copilot loads a linked or identical GEMINI.md once, an importing one twice", () => {
    const agents = "# Rules\n- be kind\n";
    const linked = load("github-copilot", { "AGENTS.md": agents }, [
      { path: "GEMINI.md", target: "AGENTS.md" },
    ]);
    assert.deepEqual(texts(linked), ["AGENTS.md:file"]);
    assert.deepEqual(texts(load("github-copilot", { "AGENTS.md": agents, "GEMINI.md": agents })), [
      "AGENTS.md:file",
    ]);
    const imported = load("github-copilot", { "AGENTS.md": agents, "GEMINI.md": "@AGENTS.md\n" });
    assert.deepEqual(texts(imported), ["AGENTS.md:file", "GEMINI.md:file", "AGENTS.md:import"]);
    const [[first, again] = []] = repeatedTexts(imported);
    assert.equal(first?.path, "AGENTS.md");
    assert.equal(again?.via, "import");
  });

  it("codex prefers AGENTS.override.md and never reads CLAUDE.md; opencode reads CLAUDE.md only without AGENTS.md", () => {
    assert.deepEqual(
      texts(load("codex", { "AGENTS.md": "A", "AGENTS.override.md": "O", "CLAUDE.md": "C" })),
      ["AGENTS.override.md:file"],
    );
    assert.deepEqual(texts(load("opencode", { "AGENTS.md": "A", "CLAUDE.md": "C" })), ["AGENTS.md:file"]);
    assert.deepEqual(texts(load("opencode", { "CLAUDE.md": "C" })), ["CLAUDE.md:file"]);
  });

  it("counts characters, imports included, not bytes", () => {
    const l = load("claude-code", { "AGENTS.md": "ä".repeat(10), "CLAUDE.md": "@AGENTS.md" });
    assert.equal(loadedCharacters(l), 10 + "@AGENTS.md".length);
  });
});

describe("session load: rules (facts: rules)", () => {
  it("a rule without a condition is in every session, one with paths or globs is not", () => {
    const l = load("claude-code", {
      ".claude/rules/always.md": "Always.\n",
      ".claude/rules/tests.md": '---\npaths: ["test/**"]\n---\nTests.\n',
    });
    assert.deepEqual(texts(l), [".claude/rules/always.md:rule"]);
    assert.deepEqual(
      l.items.filter((i) => i.kind === "rule").map((i) => i.name),
      ["always", "tests"],
    );
  });

  it("cursor's .mdc frontmatter is read even where it is not YAML; cline loads every rule file", () => {
    const cursor = load("cursor", {
      ".cursor/rules/a.mdc": "---\nglobs: *.ts\nalwaysApply: false\n---\nA\n",
      ".cursor/rules/b.mdc": "---\nalwaysApply: true\n---\nB\n",
    });
    assert.deepEqual(texts(cursor), [".cursor/rules/b.mdc:rule"]);
    const cline = load("cline", {
      ".cline/rules/c.md": '---\npaths: ["src/**"]\n---\nC\n',
      ".clinerules/workflows/w.md": "a workflow, not a rule\n",
    });
    assert.deepEqual(texts(cline), [".cline/rules/c.md:rule"]);
  });

  it("github-copilot reads Claude Code's .claude/rules besides its own folder: one rule there twice is two copies", () => {
    const l = load("github-copilot", {
      ".github/instructions/testing.instructions.md": '---\napplyTo: "test/**"\n---\nT\n',
      ".claude/rules/testing.md": '---\npaths: ["test/**"]\n---\nT\n',
    });
    assert.deepEqual(item(l, "rule", "testing")?.copies, [".claude/rules/testing.md"]);
  });
});

describe("session load: skills, agents, commands (facts: skills, agents, commands)", () => {
  const everywhere = {
    ".agents/skills/review/SKILL.md": skill("agents"),
    ".claude/skills/review/SKILL.md": skill("claude"),
    ".cursor/skills/review/SKILL.md": skill("cursor"),
    ".codex/skills/review/SKILL.md": skill("codex"),
    ".gemini/skills/review/SKILL.md": skill("gemini"),
    ".github/skills/review/SKILL.md": skill("github"),
    ".opencode/skills/review/SKILL.md": skill("opencode"),
  };

  it("each client's winner of a skill found in several folders", () => {
    const winner = (id: string) => item(load(id, everywhere), "skill", "review")?.path;
    assert.equal(winner("claude-code"), ".claude/skills/review/SKILL.md");
    assert.equal(winner("cursor"), ".cursor/skills/review/SKILL.md");
    assert.equal(winner("github-copilot"), ".github/skills/review/SKILL.md");
    assert.equal(winner("gemini-cli"), ".agents/skills/review/SKILL.md", "the .agents copy overrides");
    assert.equal(winner("opencode"), ".opencode/skills/review/SKILL.md");
    assert.equal(winner("cline"), ".agents/skills/review/SKILL.md");
  });

  it("codex keeps both copies of a skill in .agents/skills and .codex/skills; cursor shadows its others", () => {
    assert.deepEqual(item(load("codex", everywhere), "skill", "review")?.copies, [
      ".codex/skills/review/SKILL.md",
    ]);
    assert.deepEqual(item(load("cursor", everywhere), "skill", "review")?.shadowed, [
      ".claude/skills/review/SKILL.md",
      ".codex/skills/review/SKILL.md",
      ".agents/skills/review/SKILL.md",
    ]);
  });

  it("agents and commands by name: copilot's and cursor's own folder before Claude Code's", () => {
    const files = {
      ".claude/agents/reviewer.md": "c",
      ".cursor/agents/reviewer.md": "u",
      ".github/agents/reviewer.agent.md": "g",
      ".claude/commands/changelog.md": "c",
    };
    assert.equal(item(load("cursor", files), "agent", "reviewer")?.path, ".cursor/agents/reviewer.md");
    assert.equal(
      item(load("github-copilot", files), "agent", "reviewer")?.path,
      ".github/agents/reviewer.agent.md",
    );
    assert.equal(
      item(load("github-copilot", files), "command", "changelog")?.path,
      ".claude/commands/changelog.md",
    );
    assert.equal(item(load("codex", files), "agent", "reviewer"), undefined);
  });

  it("mcp: every file present, in the pack's order", () => {
    const l = load("github-copilot", { ".mcp.json": "{}", ".vscode/mcp.json": "{}" });
    assert.deepEqual(l.mcp, [".vscode/mcp.json", ".mcp.json"]);
  });
});

describe("session load on a project on disk", () => {
  it("follows links, names them, and lists nested files", () => {
    const root = testdir({}, "agentc-session-");
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write("AGENTS.md", "# Team rules\n");
    write(".claude/skills/review/SKILL.md", skill("disk"));
    symlinkSync("AGENTS.md", join(root, "CLAUDE.md"));
    const l = sessionLoad(pack("claude-code"), diskTree(root));
    assert.deepEqual(
      l.texts.map((t) => [t.path, t.via, t.source]),
      [["CLAUDE.md", "link", "AGENTS.md"]],
    );
    assert.equal(item(l, "skill", "review")?.path, ".claude/skills/review/SKILL.md");
  });

  it("reads what is no text file as absent, and never blocks on a FIFO or a device", () => {
    const root = testdir({ "AGENTS.md": "# Team rules\n" }, "agentc-session-");
    execFileSync("mkfifo", [join(root, "CLAUDE.md")]);
    symlinkSync("/dev/zero", join(root, "GEMINI.md"));
    writeFileSync(join(root, "QWEN.md"), Buffer.from([0x23, 0x20, 0x00, 0x01]));
    writeFileSync(join(root, "CRUSH.md"), "x".repeat(5 * 1024 * 1024));
    const tree = diskTree(root);
    for (const path of ["CLAUDE.md", "GEMINI.md", "QWEN.md", "CRUSH.md"])
      assert.equal(tree.text(path), undefined, path);
    assert.equal(tree.text("AGENTS.md"), "# Team rules\n");
  });
});

describe("session load on a project as an install will leave it (overlayTree)", () => {
  const { overlayTree } = sessionLoadApi;
  function personsProject(): string {
    const root = testdir({}, "agentc-overlay-");
    writeFileSync(join(root, "AGENTS.md"), "# Our rules\n");
    mkdirSync(join(root, ".claude", "skills", "old"), { recursive: true });
    writeFileSync(join(root, ".claude", "skills", "old", "SKILL.md"), skill("old"));
    symlinkSync("AGENTS.md", join(root, "CLAUDE.md"));
    return root;
  }

  it("a person's CLAUDE.md link reads the AGENTS.md the install composes, once", () => {
    const composed = "# Our rules\n\n<!-- agentc -->\nKeep functions short.\n";
    const tree = overlayTree(diskTree(personsProject()), { files: [{ path: "AGENTS.md", text: composed }] });
    const l = sessionLoadApi.sessionLoad(pack("claude-code"), tree);
    assert.deepEqual(
      l.texts.map((t) => [t.path, t.via, t.text]),
      [["CLAUDE.md", "link", composed]],
    );
    assert.equal(sessionLoadApi.loadedCharacters(l), Array.from(composed).length);
  });

  it("written files and links are listed with the project's own, removed ones are gone", () => {
    const tree = overlayTree(diskTree(personsProject()), {
      files: [{ path: ".claude/skills/review/SKILL.md", text: skill("new") }],
      links: [{ path: "GEMINI.md", target: "AGENTS.md" }],
      removed: [".claude/skills/old/SKILL.md", "CLAUDE.md"],
    });
    assert.deepEqual(tree.filesUnder(".claude/skills"), [".claude/skills/review/SKILL.md"]);
    assert.equal(tree.text("CLAUDE.md"), undefined);
    assert.equal(tree.linkTarget("GEMINI.md"), "AGENTS.md");
    const copilot = sessionLoadApi.sessionLoad(pack("github-copilot"), tree);
    assert.deepEqual(texts(copilot), ["AGENTS.md:file"], "GEMINI.md is a link to a file it read");
    const claude = sessionLoadApi.sessionLoad(pack("claude-code"), tree);
    assert.deepEqual(texts(claude), ["AGENTS.md:file"], "without CLAUDE.md, Claude Code reads AGENTS.md");
    assert.equal(item(claude, "skill", "review")?.path, ".claude/skills/review/SKILL.md");
    assert.equal(item(claude, "skill", "old"), undefined);
  });

  it("a link loop reads as absent, not as a hang", () => {
    const tree = overlayTree(sessionLoadApi.memoryTree([]), {
      links: [
        { path: "AGENTS.md", target: "CLAUDE.md" },
        { path: "CLAUDE.md", target: "AGENTS.md" },
      ],
    });
    assert.equal(tree.text("AGENTS.md"), undefined);
    assert.deepEqual(sessionLoadApi.sessionLoad(pack("claude-code"), tree).texts, []);
  });
});

describe("a pack without reads reads what it writes", () => {
  it("its root instruction file, rules and skills folder", () => {
    const own = { ...pack("claude-code"), reads: undefined };
    const l = sessionLoad(
      own,
      memoryTree([
        { path: "CLAUDE.md", text: "C" },
        { path: "AGENTS.md", text: "A" },
        { path: ".claude/rules/r.md", text: "R" },
        { path: ".claude/skills/review/SKILL.md", text: skill("own") },
      ]),
    );
    assert.deepEqual(texts(l), ["CLAUDE.md:file", ".claude/rules/r.md:rule"]);
    assert.ok(item(l, "skill", "review"));
  });
});
