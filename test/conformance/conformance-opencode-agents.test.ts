import assert from "node:assert/strict";
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it, type TestContext } from "node:test";
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
import { testdir } from "../support/testdir.js";

const pack = "opencode";

/**
 * The client fixture plus an agent with a tools limit and argument patterns at every level: it may read
 * and run commands, never `git tag`, asks before `npm publish` and runs `npm test` unasked.
 */
function registryWithReleaser(): string {
  const dir = join(testdir({}, "agentc-agentperm-"), "registry");
  cpSync(plainClientRegistry(), dir, { recursive: true });
  const agent = [
    "---",
    "name: releaser",
    "description: Prepares a release; never tags it.",
    "tools: [read, exec]",
    "permissions:",
    "  deny: [Exec(git tag)]",
    "  ask: [Exec(npm publish)]",
    "  allow: [Exec(npm test)]",
    "---",
    "Prepare the release notes and run the tests.",
    "",
  ].join("\n");
  writeFileSync(join(dir, "core", "agents", "releaser.md"), agent);
  return dir;
}

let registry: string | undefined;
function installedProject() {
  registry = registry ?? registryWithReleaser();
  return buildAndInstall(registry, [pack]);
}

interface ResolvedAgent {
  tools: Record<string, boolean>;
  permission: { permission: string; pattern: string; action: string }[];
}

/** `opencode debug agent <name>`: the agent's tools on or off and its rules, the project's first; run once a name. */
async function resolvedAgent(t: TestContext, name: string): Promise<ResolvedAgent | undefined> {
  const program = requireClient(t, "opencode");
  if (!program) return undefined;
  const known = resolved.get(name);
  if (known) return known;
  const installed = await installedProject();
  const run = await runClient(program, ["debug", "agent", name], {
    cwd: installed.project,
    sandbox: clientSandbox(),
  });
  assert.equal(run.status, 0, describeRun(run));
  const agent = JSON.parse(run.stdout) as ResolvedAgent;
  resolved.set(name, agent);
  return agent;
}
const resolved = new Map<string, ResolvedAgent>();

/** The action of the last rule that names the pattern exactly: OpenCode's last match wins. */
function lastAction(agent: ResolvedAgent, permission: string, pattern: string): string | undefined {
  return agent.permission.filter((r) => r.permission === permission && r.pattern === pattern).at(-1)?.action;
}

describe("OpenCode: an agent's tools limit and argument patterns (fact agent-permissions)", () => {
  it("turns off every tool of a verb outside the limit, and keeps the tools inside it", async (t) => {
    if (beyondSlice(t)) return;
    const reviewer = await resolvedAgent(t, "reviewer");
    if (!reviewer) return;
    // reviewer: tools [read, grep, glob], deny [edit, exec]
    const off = ["edit", "write", "bash", "webfetch", "websearch", "skill", "task"];
    assert.deepEqual(
      off.filter((tool) => reviewer.tools[tool] !== false),
      [],
      JSON.stringify(reviewer.tools),
    );
    assert.deepEqual([reviewer.tools.read, reviewer.tools.grep, reviewer.tools.glob], [true, true, true]);
    const releaser = await resolvedAgent(t, "releaser");
    if (!releaser) return;
    assert.deepEqual([releaser.tools.bash, releaser.tools.read], [true, true]);
    assert.deepEqual([releaser.tools.edit, releaser.tools.grep, releaser.tools.task], [false, false, false]);
  });

  it("shows each argument pattern with its level, after the project's rules and never weakening them", async (t) => {
    if (beyondSlice(t)) return;
    const releaser = await resolvedAgent(t, "releaser");
    if (!releaser) return;
    assert.equal(lastAction(releaser, "bash", "git tag *"), "deny");
    assert.equal(lastAction(releaser, "bash", "npm publish *"), "ask");
    assert.equal(lastAction(releaser, "bash", "npm test *"), "allow");
    // The project denies rm -rf and asks before git push: the agent's allow comes before them again.
    assert.equal(lastAction(releaser, "bash", "rm -rf *"), "deny");
    assert.equal(lastAction(releaser, "bash", "git push *"), "ask");
    const bash = releaser.permission.filter((r) => r.permission === "bash").map((r) => r.pattern);
    assert.ok(bash.lastIndexOf("rm -rf *") > bash.lastIndexOf("npm test *"), JSON.stringify(bash));
  });

  it("refuses the agent's denied command in a real session, which the default agent runs", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "opencode");
    if (!program) return;
    const installed = await installedProject();
    const refusal = /The user has specified a rule which prevents you from using this specific tool call/;
    const refused = await commandIn(program, installed.project, "git tag v1", "releaser");
    assert.equal(refused.status, 0, describeSession(refused));
    assert.match(toolResults(refused), refusal, describeSession(refused));
    const ran = await commandIn(program, installed.project, "git tag v1");
    assert.ok(/tool_result/.test(toolResults(ran)), describeSession(ran));
    assert.doesNotMatch(toolResults(ran), refusal, describeSession(ran));
  });
});
