import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";
import { driftedProject } from "./projects.js";

const read = (project: string, path: string) => readFileSync(join(project, path), "utf8");

describe("agentc lint --fix", () => {
  it("prints the safe fixes as a unified diff and writes nothing", async () => {
    const project = testdir(driftedProject);
    const result = await runAgentc(["lint", project, "--fix", "--quiet"]);
    assert.equal(result.status, 1);
    const diff = result.stdout.slice(result.stdout.indexOf("--- a/"));
    assert.equal(
      diff,
      [
        "--- a/.claude/rules/tests.md",
        "+++ b/.claude/rules/tests.md",
        "@@ -1,4 +1,4 @@",
        " ---",
        "-paths: **/*.test.ts",
        '+paths: "**/*.test.ts"',
        " ---",
        " Name each test after the behaviour it checks.",
        "--- a/.claude/skills/deploy/SKILL.md",
        "+++ b/.claude/skills/deploy/SKILL.md",
        "@@ -1,4 +1,5 @@",
        " ---",
        "+name: deploy",
        " description: Deploys the service to staging.",
        " ---",
        " Run the deploy script.",
        "--- a/.cursor/hooks.json",
        "+++ b/.cursor/hooks.json",
        "@@ -1,4 +1,5 @@",
        " {",
        '+  "version": 1,',
        '   "hooks": {',
        '     "beforeSubmitPrompt": [{ "command": ".cursor/hooks/check-prompt.sh" }]',
        "   }",
        "--- a/CLAUDE.md",
        "+++ b/CLAUDE.md",
        "@@ -9,4 +9,3 @@",
        " ",
        " ## Tests",
        " ",
        "-@docs/testing.md",
        "4 file(s) would change; run again with --fix --yes to write them",
        "",
      ].join("\n"),
    );
    for (const [path, text] of Object.entries(driftedProject)) assert.equal(read(project, path), text, path);
  });

  it("prints a diff that git apply takes as it is", async () => {
    const project = testdir(driftedProject);
    const result = await runAgentc(["lint", project, "--fix", "--format", "json"]);
    JSON.parse(result.stdout);
    const patch = join(testdir(), "fix.diff");
    writeFileSync(patch, result.stderr.slice(0, result.stderr.lastIndexOf("\n4 file(s)") + 1));
    const apply = spawnSync("git", ["apply", "--check", "--directory", "", patch], {
      cwd: project,
      encoding: "utf8",
    });
    assert.equal(apply.status, 0, apply.stderr);
  });

  it("writes the fixes with --yes, after which lint no longer finds what they mended", async () => {
    const project = testdir(driftedProject);
    const fixed = await runAgentc(["lint", project, "--fix", "--yes", "--quiet"]);
    assert.match(fixed.stdout, /wrote 4 file\(s\)/);
    assert.equal(
      read(project, ".claude/rules/tests.md"),
      '---\npaths: "**/*.test.ts"\n---\nName each test after the behaviour it checks.\n',
    );
    assert.match(read(project, ".claude/skills/deploy/SKILL.md"), /^---\nname: deploy\ndescription:/);
    assert.deepEqual(JSON.parse(read(project, ".cursor/hooks.json")).version, 1);
    assert.equal(read(project, "CLAUDE.md").split("@docs/testing.md").length, 2);
    const again = await runAgentc(["lint", project, "--format", "json"]);
    const ids = JSON.parse(again.stdout).diagnostics.map(
      (d: { id: string; message: string }) => `${d.id} ${d.message}`,
    );
    for (const gone of ["AGC204", "AGC201", "AGC206"])
      assert.ok(!ids.some((i: string) => i.startsWith(gone)), ids.join("\n"));
    assert.ok(!ids.some((i: string) => i.includes('has no "version"')));
    const none = await runAgentc(["lint", project, "--fix", "--quiet"]);
    assert.match(none.stdout, /nothing to fix safely/);
  });

  it("keeps a file's CRLF line ends on the lines it writes", async () => {
    const crlf = (text: string) => text.replaceAll("\n", "\r\n");
    const project = testdir({
      ".claude/rules/tests.md": crlf("---\npaths: **/*.test.ts\n---\nName each test.\n"),
      ".claude/skills/deploy/SKILL.md": crlf("---\ndescription: Deploys the service.\n---\nRun it.\n"),
      "src/a.test.ts": "export {};\n",
    });
    await runAgentc(["lint", project, "--fix", "--yes"]);
    assert.equal(
      read(project, ".claude/rules/tests.md"),
      crlf('---\npaths: "**/*.test.ts"\n---\nName each test.\n'),
    );
    assert.equal(
      read(project, ".claude/skills/deploy/SKILL.md"),
      crlf("---\nname: deploy\ndescription: Deploys the service.\n---\nRun it.\n"),
    );
  });

  it("leaves a file alone that is a symbolic link: the edit would change what it points at", async () => {
    const project = testdir({
      "docs/skill.md": "---\ndescription: Deploys the service to staging.\n---\nRun the deploy script.\n",
    });
    const skillDir = join(project, ".claude", "skills", "deploy");
    spawnSync("mkdir", ["-p", skillDir]);
    symlinkSync("../../../docs/skill.md", join(skillDir, "SKILL.md"));
    const result = await runAgentc(["lint", project, "--fix", "--yes", "--quiet"]);
    assert.match(result.stdout, /AGC201/);
    assert.match(result.stdout, /nothing to fix safely/);
    assert.equal(
      read(project, "docs/skill.md"),
      "---\ndescription: Deploys the service to staging.\n---\nRun the deploy script.\n",
    );
  });

  it("quotes the one-line values YAML refuses and indents with spaces, so every YAML reader reads the file", async () => {
    const agent =
      '---\nname: reviewer\ndescription: Use after a change. Example: "review my PR"\nmetadata:\n\towner: platform\n---\nYou review the change.\n';
    const command =
      '---\ndescription: Cut a release\nargument-hint: "<version>" [--dry-run]\n---\nTag $ARGUMENTS.\n';
    // Cursor reads its rule fields as written: the same line there is no finding, and stays.
    const cursorRule =
      "---\ndescription: Testing: how we write tests\nglobs: src/**/*.test.ts\n---\nName tests.\n";
    const rule =
      '---\ndescription: Testing: how we write tests\npaths:\n  - "src/**/*.test.ts"\n---\nName tests.\n';
    const project = testdir({
      ".claude/agents/reviewer.md": agent,
      ".claude/commands/release.md": command,
      ".cursor/rules/tests.mdc": cursorRule,
      ".claude/rules/tests.md": rule,
      "src/a.test.ts": "export {};\n",
    });
    const before = await runAgentc(["lint", project, "--format", "json"]);
    const found = JSON.parse(before.stdout).diagnostics.filter((d: { id: string }) => d.id === "AGC210");
    assert.deepEqual(
      found.map((d: { file: string; line: number }) => `${d.file}:${d.line}`),
      [
        ".claude/agents/reviewer.md:3",
        ".claude/agents/reviewer.md:5",
        ".claude/commands/release.md:3",
        ".claude/rules/tests.md:2",
      ],
    );
    await runAgentc(["lint", project, "--fix", "--yes"]);
    assert.equal(
      read(project, ".claude/agents/reviewer.md"),
      '---\nname: reviewer\ndescription: "Use after a change. Example: \\"review my PR\\""\nmetadata:\n  owner: platform\n---\nYou review the change.\n',
    );
    assert.equal(
      read(project, ".claude/commands/release.md"),
      '---\ndescription: Cut a release\nargument-hint: "\\"<version>\\" [--dry-run]"\n---\nTag $ARGUMENTS.\n',
    );
    assert.equal(read(project, ".cursor/rules/tests.mdc"), cursorRule);
    assert.equal(
      read(project, ".claude/rules/tests.md"),
      '---\ndescription: "Testing: how we write tests"\npaths:\n  - "src/**/*.test.ts"\n---\nName tests.\n',
    );
    const after = await runAgentc(["lint", project, "--format", "json"]);
    assert.deepEqual(
      JSON.parse(after.stdout).diagnostics.filter((d: { id: string }) => d.id === "AGC210"),
      [],
    );
  });
});
