import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  buildAndInstall,
  clientRegistry,
  describeRun,
  requireClient,
  runClient,
  writtenServers,
} from "../support/clients-cli.js";
import { claudePrintSession, trustedClaudeSandbox } from "../support/loopback/claude-print.js";
import { describeSession, mainRequest } from "../support/loopback/client-session.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";

const pack = "claude-code";
/** The variables the fixture's MCP servers take. */
const tokens = { ISSUES_TOKEN: "t", DOCS_TOKEN: "t" };

/**
 * The pinned Claude Code CLI in a real session on the project agentc installed, against a stand-in for
 * the Messages API on loopback: what reaches the model is what the pack's read model says Claude loads,
 * each text once, and the settings, hooks and MCP servers agentc composed load without a complaint.
 */
describe("Claude Code: a session on the installed project", () => {
  /**
   * The fixture's own hooks run `node .agentc/guard.mjs`, a program the team supplies (agentc does not):
   * a stand-in that allows everything, since a missing hook program blocks the prompt (onFailure: block).
   */
  function teamHooks(project: string) {
    mkdirSync(join(project, ".agentc"), { recursive: true });
    writeFileSync(
      join(project, ".agentc", "guard.mjs"),
      'process.stdin.resume();\nprocess.stdin.on("end", () => process.exit(0));\n',
    );
  }

  it("loads AGENTS.md, the always-on rules, every skill, agent and command, each text once", async (t) => {
    const program = requireClient(t, "claude");
    if (!program) return;
    const installed = await buildAndInstall(clientRegistry, [pack]);
    teamHooks(installed.project);
    const sandbox = trustedClaudeSandbox(installed.project, tokens);
    const record = await claudePrintSession(program, installed.project, sandbox);
    assert.equal(record.status, 0, describeSession(record));
    assert.doesNotMatch(
      record.stderr,
      /did not load|Invalid|Settings Error|Ignoring/,
      describeSession(record),
    );
    const body = mainRequest(record);
    const expected = expectedLoads(pack, installed.project, ["skill", "agent", "command"]);
    assert.ok(
      expected.texts.some((e) => e.what.startsWith("AGENTS.md")),
      "the model expects AGENTS.md",
    );
    for (const text of expected.texts)
      assert.equal(
        occurrences(body, text.marker),
        1,
        `${text.what}: "${text.marker}" once\n${describeSession(record)}`,
      );
    assert.ok(expected.items.length >= 6, "skills, agents and commands to look for");
    for (const item of expected.items)
      assert.ok(occurrences(body, item.marker) >= 1, `${item.what}: "${item.marker}" reached the model`);
  });

  it("lists every MCP server agentc wrote to .mcp.json, with no config diagnostic once the variables are set", async (t) => {
    const program = requireClient(t, "claude");
    if (!program) return;
    const installed = await buildAndInstall(clientRegistry, [pack]);
    const run = await runClient(program, ["mcp", "list"], {
      cwd: installed.project,
      sandbox: trustedClaudeSandbox(installed.project, tokens),
    });
    assert.equal(run.status, 0, describeRun(run));
    for (const server of writtenServers(installed, pack))
      assert.match(run.stdout, new RegExp(`^${server.name}: .*Pending approval`, "m"), describeRun(run));
    assert.doesNotMatch(run.stdout, /\[Warning\]|\[Error\]/, describeRun(run));
  });
});
