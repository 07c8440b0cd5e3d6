import assert from "node:assert/strict";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** A person's project with Claude Code and Cursor files of their own, and no agentc file. */
const ownProject = {
  "CLAUDE.md": "# Team\n\n@docs/style.md\n\nUse pnpm.\n",
  "docs/style.md": "Prefer small functions.\n",
  ".claude/rules/testing.md": '---\npaths:\n  - "**/*.test.ts"\n---\nTests use node:test.\n',
  ".claude/rules/lang.md": "Always write English.\n",
  ".claude/skills/review/SKILL.md": "---\nname: review\ndescription: Review a diff\n---\nReview.\n",
  ".agents/skills/review/SKILL.md": "---\nname: review\ndescription: Review a diff\n---\nReview.\n",
  ".mcp.json": '{"mcpServers":{"linear":{"url":"https://mcp.example"},"github":{"command":"gh-mcp"}}}',
  ".claude/settings.json":
    '{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[]},{"matcher":"Read","hooks":[]}],"Stop":[]}}',
  ".cursor/rules/py.mdc": '---\nglobs: ["**/*.py"]\nalwaysApply: false\n---\nPython style.\n',
};

interface Loads {
  client: string;
  start: { path: string; via: string; from?: string; characters: number }[];
  characters: number;
  onDemand: { kind: string; name: string; path: string; globs?: string[]; shadowed: string[] }[];
  mcp: { path: string; names?: string[] }[];
  settings: { path: string; names?: string[] }[];
  twice: { path: string; sameAs: string }[];
}

async function loadsJson(
  project: string,
  ...more: string[]
): Promise<{ clients: Loads[]; nothing: string[] }> {
  const result = await runAgentc(["loads", project, "--format", "json", ...more]);
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout);
}

describe("agentc loads", () => {
  it("shows what Claude Code reads from a project with no agentc file: imports, always-on and conditional rules, skills, MCP, hooks", async () => {
    const { clients } = await loadsJson(testdir(ownProject), "--clients", "claude-code");
    const [claude] = clients;
    assert.ok(claude);
    assert.deepEqual(
      claude.start.map((f) => [f.path, f.via, f.from]),
      [
        ["CLAUDE.md", "file", undefined],
        ["docs/style.md", "import", "CLAUDE.md"],
        [".claude/rules/lang.md", "rule", undefined],
      ],
    );
    assert.equal(claude.characters, ownProject["CLAUDE.md"].length + 24 + 22);
    const rule = claude.onDemand.find((i) => i.kind === "rule");
    assert.deepEqual([rule?.name, rule?.globs], ["testing", ["**/*.test.ts"]]);
    assert.deepEqual(
      claude.onDemand.filter((i) => i.kind === "skill").map((i) => i.path),
      [".claude/skills/review/SKILL.md"],
    );
    assert.deepEqual(claude.mcp, [{ path: ".mcp.json", names: ["github", "linear"] }]);
    assert.deepEqual(claude.settings, [{ path: ".claude/settings.json", names: ["PreToolUse ×2", "Stop"] }]);
  });

  it("reads Cursor's JSON-array globs as Cursor does (brackets kept) and names the skill a client passes over", async () => {
    const { clients } = await loadsJson(testdir(ownProject), "--clients", "cursor");
    const cursor = clients[0];
    assert.deepEqual(
      cursor?.onDemand.find((i) => i.kind === "rule"),
      {
        kind: "rule",
        name: "py",
        path: ".cursor/rules/py.mdc",
        globs: ['["**/*.py"]'],
        copies: [],
        shadowed: [],
      },
    );
    const skill = cursor?.onDemand.find((i) => i.kind === "skill");
    assert.equal(skill?.shadowed.length, 1);
  });

  it("reports a text loaded twice, and prints each client as a block on a terminal", async () => {
    const project = testdir({ "AGENTS.md": "Use pnpm.\n", "CLAUDE.md": "Use pnpm.\n" });
    const { clients } = await loadsJson(project);
    const twice = clients.filter((c) => c.twice.length > 0).map((c) => c.client);
    assert.ok(twice.length > 0, "some client reads both AGENTS.md and CLAUDE.md");
    for (const client of clients.filter((c) => c.twice.length > 0))
      assert.deepEqual(client.twice.map((t) => t.sameAs).sort(), [client.start[0]?.path]);
    const text = await runAgentc(["loads", project]);
    assert.equal(text.status, 0);
    assert.match(
      text.stdout,
      /^Claude Code \(claude-code\)\n {2}every session: 1 file, 10 of 40,000 characters\n {4}CLAUDE\.md/m,
    );
    assert.match(text.stdout, /loaded twice: (AGENTS|CLAUDE)\.md has the text of (CLAUDE|AGENTS)\.md/);
  });

  it("says so when nothing is read, and names the clients that read nothing", async () => {
    const empty = await runAgentc(["loads", testdir({ "README.md": "# x\n" })]);
    assert.equal(empty.status, 0);
    assert.match(
      empty.stdout,
      /^No assistant loads anything from this folder\.\n\nNothing here is read by: .*claude-code/,
    );
  });

  it("names an assistant it has no read model of, whose files are here, instead of saying no assistant loads anything", async () => {
    const project = testdir({ ".amazonq/rules/security.md": "# Security\n\n- Never log tokens.\n" });
    const run = await runAgentc(["loads", project]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^No assistant agentc has a read model of loads anything from this folder\./);
    assert.match(
      run.stdout,
      /Amazon Q Developer \(amazon-q\) has a file here that agentc writes for it but has no read model of, so what it loads is not shown: \.amazonq\/rules\/security\.md/,
    );
    const json = JSON.parse((await runAgentc(["loads", project, "--format", "json"])).stdout);
    assert.deepEqual(json.unmodelled, [
      { assistant: "amazon-q", name: "Amazon Q Developer", files: [".amazonq/rules/security.md"] },
    ]);
  });

  it("names a native file spelled in another case, which only macOS and Windows read, with its rename", async () => {
    const project = testdir({
      "agents.md": "# Service\n\nRun `make check`.\n",
      ".Cursor/rules/style.mdc": "---\nalwaysApply: true\n---\nUse tabs.\n",
      "CLAUDE.md": "# Claude\n\nAsk first.\n",
    });
    const run = await runAgentc(["loads", project]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /\n\nRead only where file names ignore case \(macOS, Windows\), not on this system; renamed, every system reads them:\n {2}git mv \.Cursor \.cursor\n {2}git mv agents\.md AGENTS\.md\n?$/,
    );
    const json = JSON.parse((await runAgentc(["loads", project, "--format", "json"])).stdout);
    assert.deepEqual(json.caseVariants, [
      { path: ".Cursor", readAs: ".cursor" },
      { path: "agents.md", readAs: "AGENTS.md" },
    ]);
    assert.ok(
      json.clients.some((c: Loads) => c.client === "claude-code"),
      "CLAUDE.md itself is read",
    );
  });

  it("walks no folder a link leads out of the project to, the first one asked for included", async () => {
    const outside = testdir({
      "secret.md": "# Not the project's\n",
      "review/SKILL.md": "---\nname: review\n---\n",
    });
    const project = testdir({ "README.md": "# x\n" });
    mkdirSync(join(project, ".amazonq"));
    mkdirSync(join(project, ".claude"));
    symlinkSync(outside, join(project, ".amazonq", "rules"));
    symlinkSync(outside, join(project, ".claude", "skills"));
    const run = await runAgentc(["loads", project, "--format", "json"]);
    assert.equal(run.status, 0, run.stderr);
    const json = JSON.parse(run.stdout);
    assert.deepEqual(json.unmodelled, []);
    assert.doesNotMatch(run.stdout, /secret\.md|review/);
  });

  it("shows agentc's installed files like any other", async () => {
    const build = join(testdir(), "build");
    const registry = join(packageRoot, "examples", "registry");
    assert.equal((await runAgentc(["build", registry, "--out", build, "--quiet"])).status, 0);
    const project = testdir({ "AGENTS.md": "# Mine\n\nRun make test.\n" });
    const install = await runAgentc(["install", build, "--project", project, "--yes"]);
    assert.equal(install.status, 0, install.stderr + install.stdout);
    const { clients } = await loadsJson(project, "--clients", "codex");
    assert.equal(clients[0]?.start[0]?.path, "AGENTS.md");
    assert.ok(
      (clients[0]?.characters ?? 0) > "# Mine\n\nRun make test.\n".length,
      "agentc's block is counted",
    );
  });

  it("refuses an unknown client with the nearest id, and a project that is not a folder", async () => {
    const unknown = await runAgentc(["loads", testdir(), "--clients", "claude"]);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown client "claude" \(did you mean "claude-code"\?\); known clients: /);
    const missing = await runAgentc(["loads", join(testdir(), "nope")]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /nope is not a folder/);
  });
});
