import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { projectPathIn, rootUnquoted } from "../../src/plugin/project-paths.js";
import { fillTemplate } from "../../src/plugin/template.js";

const project = [`\${CLAUDE_PROJECT_DIR}`, "$CLAUDE_PROJECT_DIR"];

describe("projectPathIn: what a hook command still reaches in the project", () => {
  const cases: [string, string | undefined][] = [
    ['node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.mjs"', "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.mjs"],
    [`bash \${CLAUDE_PROJECT_DIR}/scripts/x.sh --fast`, `\${CLAUDE_PROJECT_DIR}/scripts/x.sh`],
    ['cd "$CLAUDE_PROJECT_DIR" && node .agentc/guard.mjs --prompt', ".agentc/guard.mjs"],
    ['cd "$CLAUDE_PROJECT_DIR" && ./scripts/check.sh', "./scripts/check.sh"],
    ['cd "$CLAUDE_PROJECT_DIR" && npm test', undefined],
    ['cd "$CLAUDE_PROJECT_DIR" && npx -y @example/tool', undefined],
    ['cd "$CLAUDE_PROJECT_DIR" && curl https://example.com/x', undefined],
    [`node "\${CLAUDE_PLUGIN_ROOT}/hooks/guard.mjs"`, undefined],
    ["cd /tmp && node a/b.mjs", undefined],
  ];
  for (const [command, expected] of cases) {
    it(`${command} → ${expected ?? "nothing"}`, () =>
      assert.equal(projectPathIn(command, project), expected));
  }
});

describe("rootUnquoted", () => {
  const root = `\${CLAUDE_PLUGIN_ROOT}`;
  it("is false inside double quotes, true bare or after a closed quote", () => {
    assert.equal(rootUnquoted(`node "${root}/x.mjs"`, root), false);
    assert.equal(rootUnquoted(`node ${root}/x.mjs`, root), true);
    assert.equal(rootUnquoted(`echo "a" ${root}/x`, root), true);
    assert.equal(rootUnquoted(`echo "\\"" ${root}`, root), true);
    assert.equal(rootUnquoted("npm test", root), false);
  });
});

describe("fillTemplate", () => {
  it("replaces whole slots by values, inner slots by text, and leaves out what has no value", () => {
    const template = {
      name: "{name}",
      source: "./{name}",
      author: "{author}",
      meta: { digest: "{content_sha256}" },
      list: ["{name}", "{missing}"],
      fixed: { kind: "local" },
    };
    assert.deepEqual(fillTemplate(template, { name: "team", content_sha256: "abc" }), {
      name: "team",
      source: "./team",
      meta: { digest: "abc" },
      list: ["team"],
      fixed: { kind: "local" },
    });
    assert.deepEqual(fillTemplate({ owner: "{owner}" }, { owner: { name: "A" } }), { owner: { name: "A" } });
  });
});
