import assert from "node:assert/strict";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";
import { cleanProject, driftedProject } from "./projects.js";

/** The report's diagnostic lines without the project's folder, so they read as the docs show them. */
function lines(stdout: string, project: string): string[] {
  return stdout
    .split("\n")
    .filter((l) => l.startsWith(project))
    .map((l) => l.slice(project.length + 1));
}

describe("agentc lint on a project with no registry", () => {
  it("finds nothing in files written as each client reads them, and exits 0", async () => {
    const project = testdir(cleanProject);
    const result = await runAgentc(["lint", project]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^0 error\(s\), 0 warning\(s\), 0 info$/m);
  });

  it("reports each problem of a drifted project at its file, line and column, and exits 1", async () => {
    const project = testdir(driftedProject);
    const result = await runAgentc(["lint", project]);
    assert.equal(result.status, 1, result.stderr);
    assert.deepEqual(lines(result.stdout, project), [
      '.claude/rules/legacy.md:2:1: error AGC203 Claude Code and GitHub Copilot read the globs of .claude/rules rules from "paths", not "globs": this rule loads into every session',
      '.claude/rules/tests.md:2:8: error AGC204 glob **/*.test.ts is unquoted: YAML reads a value starting with "*" as an alias, so Claude Code and GitHub Copilot get no glob',
      ".claude/settings.json:2:33: error AGC108 .claude/settings.json sets enableAllProjectMcpServers (Claude Code, all-project-mcp-servers): it approves every MCP server the repository's .mcp.json names, without asking the person, decided by the repository for everyone who opens it",
      '.claude/skills/deploy/SKILL.md:1:1: error AGC201 .claude/skills/deploy/SKILL.md has no name; the Agent Skills format requires one, the folder\'s: "deploy"',
      '.cursor/hooks.json:1:1: error AGC207 .cursor/hooks.json has no "version": Cursor requires "version": 1 in its hooks file',
      ".cursor/hooks.json:3:41: error AGC207 hook command runs .cursor/hooks/check-prompt.sh, which is not in the project: Cursor reports the hook failed each time it fires",
      '.cursor/rules/frontend.mdc:4:14: error AGC200 Cursor reads "alwaysApply" as true or false, but it is "false"',
      '.mcp.json:3:25: error AGC207 MCP server "search" in .mcp.json uses transport "websocket", which Claude Code does not speak (it speaks stdio, http, sse)',
      "CLAUDE.md:8:19: error AGC107 \"@.env\" imports .env, a secret file (the guard's rule env-file): Claude Code, Cursor and GitHub Copilot would read it into the assistant's context",
      ".claude/skills/notes.md:1:1: warning AGC208 no assistant reads .claude/skills/notes.md: it is in a folder they read, but not a file they take from there",
      '.cursor/rules/frontend.mdc:3:1: warning AGC202 glob "web/**/*.tsx" of .cursor/rules/frontend.mdc matches no file of the project: Cursor never loads the rule by it',
      'CLAUDE.md:7:16: warning AGC205 "@docs/deploy.md" imports docs/deploy.md, which is not in the project: Claude Code, Cursor and GitHub Copilot load nothing for it',
      "CLAUDE.md:12:1: warning AGC206 CLAUDE.md imports docs/testing.md again (first on line 5)",
    ]);
  });

  it("finds what one assistant loads twice: Copilot reads AGENTS.md and also CLAUDE.md's import of it", async () => {
    const project = testdir({ ...cleanProject, "CLAUDE.md": "# Claude\n\n@AGENTS.md\n" });
    const result = await runAgentc(["lint", project, "--format", "json"]);
    assert.equal(result.status, 0, "a repeated text costs context; it is a warning");
    const twice = JSON.parse(result.stdout).diagnostics.filter((d: { id: string }) => d.id === "AGC151");
    assert.equal(twice.length, 1);
    assert.equal(twice[0].file, "CLAUDE.md");
    assert.match(twice[0].message, /GitHub Copilot\) loads the text of AGENTS\.md twice/);
    assert.deepEqual(twice[0].related, [
      { file: "AGENTS.md", line: 1, column: 1, message: "first loaded as AGENTS.md" },
    ]);
  });

  it("finds a skill another client's folder shadows", async () => {
    const skill = cleanProject[".claude/skills/release/SKILL.md"] ?? "";
    const project = testdir({
      ...cleanProject,
      ".agents/skills/release/SKILL.md": `${skill}Also bump the version.\n`,
    });
    const result = await runAgentc(["lint", project, "--format", "json", "--clients", "cursor"]);
    const shadowed = JSON.parse(result.stdout).diagnostics.filter((d: { id: string }) => d.id === "AGC152");
    assert.deepEqual(
      shadowed.map((d: { file: string; message: string }) => `${d.file}: ${d.message}`),
      [
        ".agents/skills/release/SKILL.md: Cursor never reads .agents/skills/release/SKILL.md: skill release is taken from .claude/skills/release/SKILL.md, read first, and the two differ",
      ],
    );
  });

  it("reads a skill folder through a link, and passes over the same folder seen twice in silence", async () => {
    const skill = cleanProject[".claude/skills/release/SKILL.md"] ?? "";
    const project = testdir({
      ...cleanProject,
      ".claude/skills/release/SKILL.md": "",
      ".agents/skills/release/SKILL.md": skill,
    });
    rmSync(join(project, ".claude/skills/release"), { recursive: true });
    symlinkSync("../../.agents/skills/release", join(project, ".claude/skills/release"));
    const result = await runAgentc(["lint", project, "--format", "json"]);
    assert.equal(result.status, 0, result.stdout);
    assert.deepEqual(JSON.parse(result.stdout).diagnostics, []);
  });

  it("takes `@scope/package` in a code span and a handle without a file extension for names, not imports", async () => {
    const project = testdir({
      ...cleanProject,
      "CLAUDE.md": "# Orders\n\nThe client is `@orders/client`; ask @maintainers before a release.\n",
    });
    const result = await runAgentc(["lint", project, "--format", "json"]);
    assert.deepEqual(JSON.parse(result.stdout).diagnostics, []);
  });

  it("follows imports as the clients do, to a secret file two imports away", async () => {
    const project = testdir({
      ...cleanProject,
      "CLAUDE.md": "# Orders\n\nSetting up: @docs/setup.md\n",
      "docs/setup.md": "# Setup\n\nThe local settings are in @config/.env.local\n",
    });
    const result = await runAgentc(["lint", project]);
    assert.equal(result.status, 1);
    assert.deepEqual(lines(result.stdout, project), [
      "docs/setup.md:3:27: error AGC107 \"@config/.env.local\" imports docs/config/.env.local, a secret file (the guard's rule env-file): Claude Code and GitHub Copilot would read it into the assistant's context",
    ]);
  });

  it("finds MCP servers written under another client's key, which the file's own client never starts", async () => {
    const project = testdir({
      ...cleanProject,
      ".cursor/mcp.json":
        '{\n  "servers": {\n    "tracker": { "url": "https://tracker.example.com/mcp" }\n  }\n}\n',
    });
    const result = await runAgentc(["lint", project]);
    assert.equal(result.status, 1);
    assert.deepEqual(lines(result.stdout, project), [
      '.cursor/mcp.json:2:3: error AGC207 Cursor reads MCP servers from "mcpServers" in .cursor/mcp.json, not "servers": it starts none of the servers listed here',
    ]);
  });

  it("holds the text every session loads to the client's limit", async () => {
    const long = Array.from({ length: 900 }, (_, i) => `- Rule ${i}: prefer clear names over comments.`).join(
      "\n",
    );
    const project = testdir({ ...cleanProject, "AGENTS.md": `# Orders\n\n${long}\n` });
    const result = await runAgentc(["lint", project, "--format", "json", "--clients", "codex"]);
    const over = JSON.parse(result.stdout).diagnostics.filter((d: { id: string }) => d.id === "AGC090");
    assert.equal(over.length, 1);
    assert.equal(over[0].file, "AGENTS.md");
    assert.match(
      over[0].message,
      /^codex \(Codex[^)]*\) loads \d+ characters into every session, over its limit of \d+/,
    );
  });

  it("lints for the clients --clients names only, and refuses an unknown one with the nearest", async () => {
    const project = testdir(driftedProject);
    const cursor = await runAgentc(["lint", project, "--clients", "cursor", "--format", "json"]);
    const ids = JSON.parse(cursor.stdout).diagnostics.map((d: { id: string; message: string }) => d.message);
    assert.ok(
      ids.every((m: string) => !m.includes("Claude Code")),
      ids.join("\n"),
    );
    assert.ok(ids.some((m: string) => m.includes("Cursor")));
    const unknown = await runAgentc(["lint", project, "--clients", "cursorr"]);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown client "cursorr" \(did you mean "cursor"\?\)/);
  });

  it("refuses a project that is not a folder, and --yes without --fix", async () => {
    const project = testdir(cleanProject);
    const missing = await runAgentc(["lint", `${project}/nothing-here`]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /is not a folder/);
    const yes = await runAgentc(["lint", project, "--yes"]);
    assert.equal(yes.status, 2);
    assert.match(yes.stderr, /--yes only confirms --fix/);
  });

  it("reports a file the readers cannot read once, with no guesses of the rules about it", async () => {
    const project = testdir(cleanProject);
    writeFileSync(
      join(project, ".claude/skills/release/SKILL.md"),
      Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0xff]),
    );
    symlinkSync("/etc/passwd", join(project, ".claude/rules/passwd.md"));
    const result = await runAgentc(["lint", project]);
    assert.equal(result.status, 1);
    assert.deepEqual(lines(result.stdout, project), [
      ".claude/rules/passwd.md:1:1: error AGC127 .claude/rules/passwd.md is a link to /etc/passwd, outside the project",
      ".claude/skills/release/SKILL.md:1:1: error AGC127 .claude/skills/release/SKILL.md is binary (holds NUL bytes), expected UTF-8 text",
    ]);
    assert.match(
      result.stdout,
      /hint: Fix the file \(or remove the link that leads out of the project\), then run agentc lint again\./,
    );
  });

  it("reads a malformed file with import's readers and names it (AGC127), reading on past it", async () => {
    const project = testdir({
      ...cleanProject,
      ".claude/settings.json": '{ "permissions": { "deny": ["Read(./.env)" } }\n',
    });
    const result = await runAgentc(["lint", project]);
    assert.equal(result.status, 1);
    assert.deepEqual(lines(result.stdout, project), [
      ".claude/settings.json:1:44: error AGC127 .claude/settings.json: malformed JSON: expected ',' between entries",
    ]);
  });

  it("a README in a folder clients read items from documents it: no AGC208 for it, as for any other unread file", async () => {
    const project = testdir({
      ".gemini/commands/README.md": "# Commands\n\nEach .toml file here is a slash command.\n",
      ".gemini/commands/deploy.toml": 'description = "Deploy"\nprompt = "Deploy to staging."\n',
      ".gemini/commands/l10n.md": "Translate the strings.\n",
    });
    const result = await runAgentc(["lint", project, "--format", "json"]);
    const unread = JSON.parse(result.stdout).diagnostics.filter((d: { id: string }) => d.id === "AGC208");
    assert.deepEqual(
      unread.map((d: { file: string }) => d.file),
      [".gemini/commands/l10n.md"],
    );
  });

  /** Lint's findings of `id` for .agents/rules/api.md with `frontmatter`, .claude/rules a link to that folder. */
  const linkedRuleFindings = async (frontmatter: string, id: string) => {
    const project = testdir({
      ".agents/rules/api.md": `---\n${frontmatter}---\nValidate input.\n`,
      "src/index.ts": "export {};\n",
    });
    mkdirSync(join(project, ".claude"));
    symlinkSync("../.agents/rules", join(project, ".claude", "rules"));
    const args = ["lint", project, "--format", "json", "--clients", "antigravity,claude-code"];
    const result = await runAgentc(args);
    const found = JSON.parse(result.stdout).diagnostics.filter((d: { id: string }) => d.id === id);
    return found as { file: string; message: string }[];
  };

  it("a rule file one client reaches through a link to another's folder is held to both clients' fields", async () => {
    const found = await linkedRuleFindings(
      'trigger: glob\nglobs: src/**/*.ts\npaths:\n  - "src/**/*.ts"\nwhen: always\n',
      "AGC200",
    );
    // trigger and globs are Antigravity's, paths Claude Code's: only the field neither reads is said
    assert.deepEqual(
      found.map((d) => `${d.file} ${d.message.split(";")[0]}`),
      ['.agents/rules/api.md Antigravity and Claude Code do not read frontmatter field "when" in rule files'],
    );
  });

  it("a rule file reached through an absolute link is still checked, at the path it was read by", async () => {
    const project = testdir({
      ".agents/rules/api.md": "---\npaths:\n  - src/**\nwhen: always\n---\nValidate input.\n",
      "src/index.ts": "export {};\n",
    });
    mkdirSync(join(project, ".claude"));
    symlinkSync(join(project, ".agents", "rules"), join(project, ".claude", "rules"));
    const args = ["lint", project, "--format", "json", "--clients", "claude-code"];
    const result = await runAgentc(args);
    const found = JSON.parse(result.stdout).diagnostics.filter((d: { id: string }) => d.id === "AGC200");
    assert.deepEqual(
      found.map((d: { file: string; message: string }) => `${d.file} ${d.message.split(";")[0]}`),
      ['.claude/rules/api.md Claude Code does not read frontmatter field "when" in rule files'],
    );
  });

  it("a glob of a file two clients reach, one through a link, is said once, naming both", async () => {
    const found = await linkedRuleFindings(
      'trigger: glob\nglobs: src/apis/**/*.ts\npaths:\n  - "src/apis/**/*.ts"\n',
      "AGC202",
    );
    assert.deepEqual(
      found.map((d) => `${d.file} ${d.message.split(": ")[1]}`),
      [".agents/rules/api.md Antigravity and Claude Code never load the rule by it"],
    );
  });

  it("a skill field of the team's own is pointed to metadata:, where every reader of skill files keeps it", async () => {
    const project = testdir({
      ".claude/skills/deploy/SKILL.md":
        "---\nname: deploy\ndescription: Deploys the service.\nowner: platform\nmetadata:\n  version: 1.2.0\n---\nRun the deploy script.\n",
    });
    const result = await runAgentc(["lint", project, "--format", "json", "--clients", "claude-code"]);
    const found = JSON.parse(result.stdout).diagnostics.filter((d: { id: string }) => d.id === "AGC200");
    assert.deepEqual(
      found.map((d: { line: number; hint: string }) => [d.line, d.hint]),
      [
        [
          4,
          'Move "owner" under metadata: (indented below a metadata: line), where the readers of skill files keep a team\'s own fields; or remove it.',
        ],
      ],
    );
  });

  it("OpenCode's own server forms: type local and remote are spoken, an entry that only turns a server off needs no command", async () => {
    const project = testdir({
      "opencode.json": JSON.stringify(
        {
          mcp: {
            docs: { type: "local", command: ["npx", "-y", "docs-mcp"], enabled: true },
            search: { type: "remote", url: "https://search.example.com/mcp" },
            context7: { enabled: false },
            chat: { type: "websocket", url: "wss://chat.example.com" },
          },
        },
        null,
        2,
      ),
    });
    const result = await runAgentc(["lint", project, "--format", "json", "--clients", "opencode"]);
    const found = JSON.parse(result.stdout).diagnostics.filter((d: { id: string }) => d.id === "AGC207");
    assert.deepEqual(
      found.map((d: { message: string }) => d.message),
      [
        'MCP server "chat" in opencode.json uses transport "websocket", which OpenCode does not speak (it speaks stdio, http, sse, local, remote)',
      ],
    );
  });
});
