import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  buildAndInstall,
  clientSandbox,
  describeRun,
  requireClient,
  runClient,
} from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession } from "../support/loopback/client-session.js";
import { commandIn, toolResults } from "../support/opencode-session.js";
import { plainClientRegistry } from "../support/plain-fixture.js";

const pack = "opencode";

type Permission = Record<string, string | Record<string, string>>;

function writtenPermission(project: string): Permission {
  return (JSON.parse(readFileSync(join(project, "opencode.json"), "utf8")) as { permission: Permission })
    .permission;
}

/** Tool → its pattern keys in order: `opencode debug config` masks some values ("secrets/**": "***"). */
function keysInOrder(permission: Permission): [string, string[]][] {
  return Object.entries(permission).map(([tool, value]) => [
    tool,
    typeof value === "string" ? [] : Object.keys(value),
  ]);
}

/**
 * The core's permissions as OpenCode's permission object (fact permissions: tool → {pattern → action},
 * the last match winning). The fixture denies `rm -rf`, asks for `git push`, allows `npm test`.
 */
describe("OpenCode: the permission object agentc wrote", () => {
  it("is taken whole by the pinned CLI (opencode debug config), every key in agentc's order", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "opencode");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const written = writtenPermission(installed.project);
    assert.deepEqual((written.bash as Record<string, string>)["rm -rf *"], "deny");
    assert.deepEqual((written.bash as Record<string, string>)["git push *"], "ask");
    const run = await runClient(program, ["debug", "config"], {
      cwd: installed.project,
      sandbox: clientSandbox(),
    });
    assert.equal(run.status, 0, describeRun(run));
    const resolved = (JSON.parse(run.stdout) as { permission?: Permission }).permission ?? {};
    assert.deepEqual(keysInOrder(resolved), keysInOrder(written));
    assert.deepEqual(resolved.bash, written.bash);
  });

  it("takes each verb an agent may not use away from that agent only (opencode debug agent)", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "opencode");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const tools = async (agent: string) => {
      const run = await runClient(program, ["debug", "agent", agent], {
        cwd: installed.project,
        sandbox: clientSandbox(),
      });
      assert.equal(run.status, 0, describeRun(run));
      return (JSON.parse(run.stdout) as { tools: Record<string, boolean> }).tools;
    };
    // The fixture's reviewer denies edit and exec; the test runner's tools (read, exec) leave out edit.
    const reviewer = await tools("reviewer");
    assert.deepEqual(
      [reviewer.edit, reviewer.write, reviewer.bash, reviewer.read],
      [false, false, false, true],
    );
    const runner = await tools("test-runner");
    assert.deepEqual([runner.edit, runner.bash, runner.read], [false, true, true]);
  });

  it("refuses a denied command in a real session, and runs it without agentc's permission object", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "opencode");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const refusal = /The user has specified a rule which prevents you from using this specific tool call/;
    const refused = await commandIn(program, installed.project, "rm -rf build");
    assert.equal(refused.status, 0, describeSession(refused));
    assert.match(toolResults(refused), refusal, describeSession(refused));
    const file = join(installed.project, "opencode.json");
    const text = readFileSync(file, "utf8");
    const config = JSON.parse(text) as Record<string, unknown>;
    delete config.permission;
    writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
    try {
      const ran = await commandIn(program, installed.project, "rm -rf build");
      assert.ok(/tool_result/.test(toolResults(ran)), describeSession(ran));
      assert.doesNotMatch(toolResults(ran), refusal, describeSession(ran));
    } finally {
      writeFileSync(file, text);
    }
  });
});
