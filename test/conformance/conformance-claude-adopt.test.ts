import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { requireClient } from "../support/clients-cli.js";
import { claudePrintSession, trustedClaudeSandbox } from "../support/loopback/claude-print.js";
import { describeSession, mainRequest } from "../support/loopback/client-session.js";
import { occurrences } from "../support/loopback/expected-loads.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const theirAgents = "Money is always integer cents in the payments service";
const theirClaude = "Run the ledger migrations check before every commit";
const registryRule = "Ask before adding a dependency";

/**
 * A project whose people wrote their own AGENTS.md and CLAUDE.md, adopted by `agentc install --yes`: the
 * pinned Claude Code CLI, in a real session against a stand-in Messages API on loopback, sends the model
 * every line they wrote and agentc's rules, each once.
 */
describe("Claude Code: a session on a project agentc adopted", () => {
  it("loads the person's CLAUDE.md and AGENTS.md and agentc's rules, each once", async (t) => {
    const program = requireClient(t, "claude");
    if (!program) return;
    const root = testdir();
    const registry = join(root, "reg");
    assert.equal((await runAgentc(["init", registry, "--assistants", "claude-code"])).status, 0);
    const build = join(root, "build");
    assert.equal((await runAgentc(["build", registry, "--out", build])).status, 0);
    const project = join(root, "app");
    mkdirSync(project);
    writeFileSync(join(project, "AGENTS.md"), `# Payments\n\n${theirAgents}.\n`);
    writeFileSync(join(project, "CLAUDE.md"), `# Notes for Claude\n\n${theirClaude}.\n`);
    const install = await runAgentc(["install", build, "--project", project, "--yes"]);
    assert.equal(install.status, 0, install.stderr);
    const record = await claudePrintSession(program, project, trustedClaudeSandbox(project));
    assert.equal(record.status, 0, describeSession(record));
    const body = mainRequest(record);
    for (const marker of [theirAgents, theirClaude, registryRule])
      assert.equal(occurrences(body, marker), 1, `"${marker}" once\n${describeSession(record)}`);
  });
});
