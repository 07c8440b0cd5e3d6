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
