import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

/**
 * Claude Code's /agents writes descriptions with `Context:` and `user:` examples on one unquoted line, which
 * YAML refuses and Claude Code's reader recovers (PostHog/posthog#91631). Found on a public repository in the
 * hand-run adoption trial: import stopped with AGC127 there. Such one-line values are read as their text; a
 * value continued on unindented lines, which Claude Code does not recover either (anthropics/claude-code#91871),
 * is still AGC127.
 */
const fixture = join(packageRoot, "test", "fixtures", "adoption", "25-claude-agent-examples");

describe("frontmatter YAML refuses only for ': ' in one-line values is read as Claude Code reads it", () => {
  it("imports the agent with its whole description and says how it was read", async () => {
    const run = await runImport(fixture);
    assert.equal(run.status, 0, run.stderr);
    const agent = readFileSync(join(run.out, "core/agents/migration-checker.md"), "utf8");
    assert.match(agent, /user: 'I added a servings field'/);
    assert.match(agent, /^model: sonnet$/m);
    const about = run.json.diagnostics.filter((d) => d.file === ".claude/agents/migration-checker.md");
    assert.ok(
      about.some((d) => d.severity === "info" && /description holds ": " unquoted/.test(d.message)),
      JSON.stringify(about),
    );
  });

  it("a description continued on unindented lines is still unreadable (AGC127)", async () => {
    const root = testdir({
      ".claude/agents/broken.md":
        "---\nname: broken\ndescription: Use this agent when asked. Examples:\n<example>\nuser: 'go'\n</example>\n---\n\nBody.\n",
    });
    const run = await runImport(root);
    assert.ok(
      run.json.diagnostics.some((d) => d.id === "AGC127" && d.file === ".claude/agents/broken.md"),
      JSON.stringify(run.json.diagnostics),
    );
  });
});

/**
 * Windsurf's editor writes every field of a new rule, empty ones included (`description:` with no value), and
 * some teams then write the description into the body, under a second `---` line. Seen in the hand-run
 * adoption trial (telepace/nexus): an empty field was reported as "no neutral equivalent", and "---" became the
 * rule's description.
 */
describe("empty frontmatter fields and a description written into the body", () => {
  it("leave nothing out, and the description is the body's first line of words", async () => {
    const root = testdir({
      ".windsurf/rules/gitflow.md":
        "---\ntrigger: model_decision\ndescription: \nglobs: \n---\n---\ndescription: Branch names and merge rules for release work.\n---\n# Gitflow\n\nBranch from develop.\n",
      ".windsurf/rules/routes.md":
        "---\ntrigger: model_decision\ndescription:\nglobs:\n---\n- Keep each route in its own file under api/routes/.\n",
    });
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    const gitflow = readFileSync(join(run.out, "core/rules/gitflow.md"), "utf8");
    assert.match(gitflow, /^description: Branch names and merge rules for release work\.$/m);
    const routes = readFileSync(join(run.out, "core/rules/routes.md"), "utf8");
    assert.match(routes, /^description: Keep each route in its own file under api\/routes\/\.$/m);
    const leftOut = run.json.diagnostics.filter((d) =>
      /no neutral equivalent|is not carried/.test(d.message),
    );
    assert.deepEqual(leftOut, []);
  });
});

describe("a frontmatter fence with trailing spaces", () => {
  it("is read as the clients read it: VS Code's prompt file parser allows spaces after ---", async () => {
    const root = testdir({
      ".github/instructions/shell.instructions.md":
        "---\napplyTo: '**/*.sh'\ndescription: 'Shell scripts are POSIX sh'\n---  \n\n# Shell\n\nUse set -eu at the top of every script.\n",
    });
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.id === "AGC127"),
      [],
    );
    const rule = readFileSync(join(run.out, "core/rules/shell.md"), "utf8");
    assert.match(rule, /^globs:\n {2}- "\*\*\/\*\.sh"$/m);
    assert.match(rule, /^Use set -eu at the top of every script\.$/m);
  });
});

/**
 * The assistant's reader quotes every top-level one-line value holding YAML syntax (": ", "@", "*", "[", "#",
 * "`" …) unless it is quoted or a flow list already, and reads tab indents as spaces; the rest of the block,
 * nested fields included, stays YAML (docs/import.md, "It reads frontmatter as the client does").
 */
describe("frontmatter recovered beside nested fields, syntax characters and tab indents", () => {
  it("reads a description with ': ' beside a nested mapping, and says what was recovered", async () => {
    const root = testdir({
      ".claude/agents/reviewer.md":
        '---\nname: reviewer\ndescription: Use this agent when: the user asks for a review. Example: "review my PR"\ntools: Read, Grep\nmetadata:\n  owner: platform\n---\n\nYou review code.\n',
    });
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.id === "AGC127"),
      [],
    );
    const agent = readFileSync(join(run.out, "core/agents/reviewer.md"), "utf8");
    assert.match(
      agent,
      /^description: 'Use this agent when: the user asks for a review\. Example: "review my PR"'$/m,
    );
    const about = run.json.diagnostics.filter((d) => d.file === ".claude/agents/reviewer.md");
    assert.ok(
      about.some((d) => d.severity === "info" && /description holds ": " unquoted/.test(d.message)),
      JSON.stringify(about),
    );
  });

  it("reads an argument hint YAML refuses and a tab-indented list as the assistant does", async () => {
    const root = testdir({
      ".claude/commands/release.md":
        '---\ndescription: Cut a release\nargument-hint: "<version>" [--dry-run]\nallowed-tools:\n\t- Bash(git tag:*)\n---\n\nTag $ARGUMENTS.\n',
    });
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.id === "AGC127"),
      [],
    );
    const command = readFileSync(join(run.out, "core/commands/release.md"), "utf8");
    assert.match(command, /^argument_hint: '"<version>" \[--dry-run\]'$/m);
    const about = run.json.diagnostics.filter((d) => d.file === ".claude/commands/release.md");
    assert.ok(
      about.some(
        (d) =>
          /argument-hint holds characters YAML reads as syntax unquoted/.test(d.message) &&
          /indented with tabs/.test(d.message),
      ),
      JSON.stringify(about),
    );
  });

  it("reads rule files through the same recovery, leaving globs fields as written", async () => {
    const root = testdir({
      ".claude/rules/tests.md":
        '---\ndescription: Testing: how we write tests\npaths:\n  - "**/*.test.ts"\n---\n\n# Tests\n\nName tests after behaviour.\n',
      ".github/instructions/docs.instructions.md":
        "---\ndescription: Docs: keep them short\napplyTo: docs/**\n---\n\nKeep docs short.\n",
    });
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.id === "AGC127"),
      [],
    );
    assert.match(readFileSync(join(run.out, "core/rules/tests.md"), "utf8"), /^ {2}- "\*\*\/\*\.test\.ts"$/m);
    const docs = readFileSync(join(run.out, "core/rules/docs.md"), "utf8");
    assert.match(docs, /^description: "Docs: keep them short"$/m);
    assert.match(docs, /^ {2}- docs\/\*\*$/m);
  });

  it("leaves a block the assistant cannot recover either unreadable, at its line", async () => {
    const root = testdir({
      ".claude/agents/broken.md": "---\nname: broken\ndescription: [unclosed\n  more: x\n---\n\nBody.\n",
    });
    const run = await runImport(root);
    const unreadable = run.json.diagnostics.filter((d) => d.id === "AGC127");
    assert.equal(unreadable.length, 1, JSON.stringify(run.json.diagnostics));
    assert.equal(unreadable[0]?.file, ".claude/agents/broken.md");
  });
});

describe("a YAML comment among such one-line values", () => {
  it("does not keep the agent from being read (1215-Labs/claude-code-templates)", async () => {
    const root = testdir({
      ".claude/agents/reviewer.md":
        '---\nname: reviewer\ndescription: Use after a change. Examples:\\n<example>\\nContext: code was written\\nuser: "Review it"\\n</example>\nmodel: inherit\n# Model choice: the parent\'s, reviews need its reasoning\n---\n\nReview the change.\n',
    });
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.id === "AGC127"),
      [],
    );
    const agent = readFileSync(join(run.out, "core/agents/reviewer.md"), "utf8");
    assert.match(agent, /Context: code was written/);
  });
});
