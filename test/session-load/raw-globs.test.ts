import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 29: the session-load model read a Cursor rule's globs as YAML, so `globs: ["**\/*.py"]` was reported as
 * loading for Python files, while Cursor's .mdc reader takes the field as written, brackets and quotes
 * included, and loads the rule by no glob (clients/cursor.json, `_raw_fields_note`). It reads the raw fields
 * with the reader import uses (src/documents/raw-fields.ts) and the shared fact (src/shared/globs/raw-globs.ts).
 */
interface OnDemand {
  name: string;
  globs?: string[];
}

async function cursorRules(files: Record<string, string>): Promise<Record<string, string[] | undefined>> {
  const run = await runAgentc(["loads", testdir(files), "--clients", "cursor", "--format", "json"]);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const cursor = JSON.parse(run.stdout).clients.find((c: { client: string }) => c.client === "cursor");
  return Object.fromEntries(cursor.onDemand.map((item: OnDemand) => [item.name, item.globs]));
}

const rule = (globs: string) => `---\nglobs: ${globs}\nalwaysApply: false\n---\n# Rule\n`;

describe("a rule's globs are read as its client reads them (issue 29)", () => {
  it("Cursor: a JSON-array or quoted globs value is one glob as written, a comma list is split", async () => {
    const globs = await cursorRules({
      ".cursor/rules/py.mdc": rule('["**/*.py"]'),
      ".cursor/rules/quoted.mdc": rule('"src/**/*.ts"'),
      ".cursor/rules/ts.mdc": rule("src/**/*.ts, lib/*.js"),
      ".cursor/rules/css.mdc": rule("*.css"),
    });
    assert.deepEqual(globs, {
      py: ['["**/*.py"]'],
      quoted: ['"src/**/*.ts"'],
      ts: ["lib/*.js", "src/**/*.ts"],
      css: ["*.css"],
    });
  });

  it("Claude Code reads paths as YAML: a flow list is its globs", async () => {
    const run = await runAgentc([
      "loads",
      testdir({ ".claude/rules/py.md": '---\npaths: ["**/*.py"]\n---\n# Python\n' }),
      "--clients",
      "claude-code",
      "--format",
      "json",
    ]);
    const claude = JSON.parse(run.stdout).clients.find((c: { client: string }) => c.client === "claude-code");
    assert.deepEqual(claude.onDemand.find((i: OnDemand) => i.name === "py")?.globs, ["**/*.py"]);
  });

  it("Claude Code recovers a block YAML refuses: the rule keeps its paths (recovered-frontmatter.ts)", async () => {
    const run = await runAgentc([
      "loads",
      testdir({
        ".claude/rules/tests.md":
          '---\ndescription: Testing: how we write tests\npaths:\n  - "**/*.test.ts"\n---\n# Tests\n',
      }),
      "--clients",
      "claude-code",
      "--format",
      "json",
    ]);
    const claude = JSON.parse(run.stdout).clients.find((c: { client: string }) => c.client === "claude-code");
    assert.deepEqual(claude.onDemand.find((i: OnDemand) => i.name === "tests")?.globs, ["**/*.test.ts"]);
  });
});
