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
