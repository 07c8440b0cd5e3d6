import assert from "node:assert/strict";
import { appendFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import { diskTree, sessionLoad } from "../../src/session-load/index.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { editBeforeFirstInstall, sessionView } from "../support/adoption-cycle.js";
import { treeHash } from "../support/project-tree-hash.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * The first thing a team does after `agentc import` is edit the registry. Its first install then found the
 * project's own files where the build writes the edited forms: an instruction file got agentc's block below
 * the same text (every line loaded twice), a rule file was a conflict. The manifest now names the project
 * files as imported (imported_hashes), and a first install after the edit ends where an install before it,
 * followed by one after it, ends: each file taken over, its original kept until uninstall.
 */
const fixtures = join(packageRoot, "test", "fixtures", "adoption");

/** Appends a line of its own to every Markdown file of the registry's rules and sources. */
function editRegistry(registry: string): void {
  for (const folder of ["sources", "core"].filter((f) => existsSync(join(registry, f)))) {
    const files = readdirSync(join(registry, folder), { recursive: true, encoding: "utf8" });
    for (const file of files.filter((f) => f.endsWith(".md")))
      appendFileSync(join(registry, folder, file), `\n- Keep changes small (${file}).\n`);
  }
}

describe("a registry edited before its first install (imported_hashes)", () => {
  for (const name of [
    "20-many-assistants",
    "01-claude-rules-imports",
    "15-claude-skills-agents",
    // Codex's skill in .codex/skills, the same folder in .agents/skills (the pack's own, other assistants'):
    // the edited skill is written where Codex's was, not over the other assistants' file
    "57-codex-skills-beside-agents-skills",
    // AGENTS.md and CLAUDE.md are the project's links to .github/copilot-instructions.md: the edited text is
    // written there, where every link leads, and no block of the same text is added below it
    "53-agents-md-links-to-copilot",
    // Copilot reads .claude/rules besides its own rule of the same name: the project loaded it twice, and an
    // edit keeps that the project's layout (AGC151 a warning), not an error of the build
    "58-copilot-reads-claude-rules",
    // .claude/rules is the project's link to .agents/rules, whose files carry Claude Code's paths: the edited
    // files carry them still, beside Antigravity's trigger and globs
    "60-claude-paths-in-agents-rules",
    // AGENTS.md with Korean headings, and CLAUDE.md a link to it: every section is a rule, none left out
    "61-korean-headings",
    // AGENTS.md a link to a link to Cline's rule file, .qwen/settings.json a link to the project's mcp.json:
    // the edited AGENTS.md takes the link's place (kept in .agentc/originals), the settings stay the link's
    "62-agents-md-link-chain",
  ]) {
    it(`${name}: the first install ends as an install before the edit and one after it; uninstall gives the project back`, async () => {
      const source = join(fixtures, name);
      const original = treeHash(source);
      const before = sessionView(source);
      const { first, later, output } = await editBeforeFirstInstall(source, editRegistry);
      assert.match(output, /move-aside /, "the project's files are taken over");
      assert.doesNotMatch(output, /block added/, "no block of the same text below the person's");
      const installed = (dir: string) =>
        Object.fromEntries(
          Object.entries(treeHash(dir)).filter(([p]) => !p.startsWith(".agentc/stat-cache")),
        );
      assert.deepEqual(installed(later), installed(first));
      const after = sessionView(later);
      for (const [client, view] of Object.entries(after)) {
        const old = before[client];
        assert.ok(old);
        // the project's lines, each as often as before (a block of the same text below it doubled every one)
        const twice = Object.entries(view.lines)
          .filter(([line, n]) => (old.lines[line] ?? n) < n)
          .map(([line, n]) => `${n}x (was ${old.lines[line]}x) ${line}`);
        assert.deepEqual(twice, [], `${client} loads no line of the project more often than before`);
      }
      const gone = await runAgentc(["uninstall", "--project", later, "--yes"]);
      assert.equal(gone.status, 0, gone.stdout + gone.stderr);
      assert.deepEqual(treeHash(later), original);
    });
  }
});

describe("rules read through a folder link, edited before the first install", () => {
  it("Claude Code still loads the path-scoped ones when a path matches, not in every session", async () => {
    const source = join(fixtures, "60-claude-paths-in-agents-rules");
    const { later } = await editBeforeFirstInstall(source, editRegistry);
    const load = (client: string) => {
      const pack = builtinClientPacks().find((p) => p.pack.client === client)?.pack;
      assert.ok(pack);
      return sessionLoad(pack, diskTree(later));
    };
    for (const client of ["claude-code", "antigravity"]) {
      const { texts, items } = load(client);
      const always = texts.map((t) => t.path).filter((p) => p.includes("rules/"));
      assert.deepEqual(
        always.map((p) => p.split("/").at(-1)),
        ["reviews.md"],
        `${client} loads in every session`,
      );
      const onDemand = items.filter((i) => i.kind === "rule" && !always.includes(i.path)).map((i) => i.name);
      assert.deepEqual(
        onDemand.sort(),
        ["api-handlers", "migrations"],
        `${client} loads when a path matches`,
      );
    }
    // the edited skill reaches the project, with Claude Code's argument-hint beside Antigravity's fields
    const skill = readFileSync(join(later, ".agents/skills/release-notes/SKILL.md"), "utf8");
    assert.match(skill, /^argument-hint: "\[tag\]"$/m);
    assert.match(skill, /Keep changes small/);
    // and the edited agent, with Claude Code's tools and model
    const agent = readFileSync(join(later, ".agents/agents/reviewer.md"), "utf8");
    assert.match(agent, /^tools: Read, Grep, Glob$/m);
    assert.match(agent, /^model: sonnet$/m);
    assert.match(agent, /Keep changes small/);
  });
});

describe("a skill renamed on import beside another assistant's skill of its name, then edited", () => {
  it("keeps the name of the person's folder, which the client starts it by", async () => {
    const skill = (description: string) =>
      `---\nname: notes\ndescription: ${description}\n---\n# Notes\n\nWrite release notes.\n`;
    const source = testdir({
      ".claude/skills/notes/SKILL.md": skill("Drafts release notes for Claude"),
      ".agents/skills/notes/SKILL.md": skill("Drafts release notes"),
      ".codex/config.toml": 'model = "gpt-5"\n',
      "AGENTS.md": "# Project\n",
    });
    const { later, registry } = await editBeforeFirstInstall(source, editRegistry);
    assert.ok(
      existsSync(join(registry, "core/skills/notes-claude-code/SKILL.md")),
      "renamed in the registry",
    );
    const claude = readFileSync(join(later, ".claude/skills/notes/SKILL.md"), "utf8");
    assert.match(claude, /^name: notes$/m, "the folder's name, not notes-claude-code");
    assert.match(claude, /Keep changes small/);
  });
});
