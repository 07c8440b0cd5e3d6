import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { packageRoot } from "../../src/shared/package-paths.js";
import { binPath } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";
import { cleanProject, driftedProject } from "./projects.js";

const script = join(packageRoot, "action", "lint.sh");

/** The action's script as its composite step runs it (`shell: sh`, here dash), with the inputs as env. */
function runAction(project: string, inputs: Record<string, string>) {
  const summary = join(testdir(), "summary.md");
  const run = spawnSync("dash", [script], {
    cwd: project,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "",
      AGENTC: `${process.execPath} ${binPath}`,
      GITHUB_STEP_SUMMARY: summary,
      ...inputs,
    },
  });
  return { ...run, summary: () => readFileSync(summary, "utf8") };
}

describe("the agentc lint GitHub Action", () => {
  it("passes its inputs to the script it runs, by the names the script reads", () => {
    const action = parse(readFileSync(join(packageRoot, "action.yml"), "utf8"));
    assert.equal(action.runs.using, "composite");
    const step = action.runs.steps[0];
    assert.equal(step.run, '"$GITHUB_ACTION_PATH/action/lint.sh"');
    assert.equal(step.shell, "sh");
    const text = readFileSync(script, "utf8");
    for (const [name, value] of Object.entries<string>(step.env)) {
      assert.ok(text.includes(`\${${name}`), `lint.sh reads ${name}`);
      const input = value.match(/^\$\{\{ inputs\.([a-z]+) \}\}$/)?.[1] ?? "";
      assert.ok(input in action.inputs, `input ${input} is declared`);
    }
  });

  it("prints annotations, writes SARIF and the job summary, and fails the step on an error", () => {
    const project = testdir(driftedProject);
    const sarif = join(testdir(), "lint.sarif");
    const run = runAction(project, { AGENTC_LINT_PATH: ".", AGENTC_LINT_SARIF: sarif });
    assert.equal(run.status, 1, run.stderr);
    const annotations = run.stdout.split("\n").filter((l) => l.startsWith("::"));
    assert.equal(annotations.length, 13);
    assert.ok(
      annotations.some((a) =>
        a.startsWith("::error file=.claude/skills/deploy/SKILL.md,line=1,col=1,title=AGC201::"),
      ),
    );
    const results = JSON.parse(readFileSync(sarif, "utf8")).runs[0].results;
    assert.equal(results.length, 13);
    assert.equal(run.summary(), "agentc lint `.`: errors found (see the annotations)\n");
  });

  it("passes a clean project, for the clients named only", () => {
    const project = testdir(cleanProject);
    const run = runAction(project, { AGENTC_LINT_PATH: ".", AGENTC_LINT_CLIENTS: "claude-code,cursor" });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.equal(run.stdout, "");
    assert.equal(run.summary(), "agentc lint `.`: no errors\n");
  });

  it("fails with agentc's usage status, and no SARIF, when the inputs are wrong", () => {
    const project = testdir(cleanProject);
    const sarif = join(testdir(), "lint.sarif");
    const run = runAction(project, { AGENTC_LINT_CLIENTS: "cursorr", AGENTC_LINT_SARIF: sarif });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /did you mean "cursor"/);
    assert.throws(() => readFileSync(sarif));
    assert.equal(run.summary(), "agentc lint `.`: could not run (exit status 2)\n");
  });
});
