import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "smol-toml";
import {
  type ClientSandbox,
  clientSandbox,
  describeRun,
  geminiTimeoutMs,
  requireClient,
  runClient,
} from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession } from "../support/loopback/client-session.js";
import { geminiShellSession, shellResult } from "../support/loopback/gemini-session.js";
import { buildPluginRegistry, teamPlugin } from "../support/plugin-build.js";
import { testdir } from "../support/testdir.js";

const policyFile = join("policies", "agentc.toml");
const servers = ["docs", "issues"];

/** The extension installed with --consent into the sandbox's home, as conformance-plugins does. */
async function install(program: string[], extension: string, sandbox: ClientSandbox): Promise<string> {
  const trusted = join(sandbox.home, ".gemini", "trustedFolders.json");
  writeFileSync(trusted, `${JSON.stringify({ [extension]: "TRUST_FOLDER" }, null, 2)}\n`);
  const args = ["extensions", "install", extension, "--consent", "--skip-settings"];
  const run = await runClient(program, args, { cwd: extension, sandbox, timeoutMs: geminiTimeoutMs });
  assert.equal(run.status, 0, describeRun(run));
  return join(sandbox.home, ".gemini", "extensions", "team-tools");
}

describe("Gemini CLI: the extension's policies/agentc.toml (the registry's deny and ask rules)", () => {
  it("holds only deny and ask rules; gemini refuses a denied and an asked command, and runs both without the file", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "gemini");
    if (!program) return;
    const built = await buildPluginRegistry({ ...teamPlugin, hosts: ["gemini-cli"] });
    assert.equal(built.status, 0, built.report);
    const text = readFileSync(join(built.extension, policyFile), "utf8");
    const rules = (parse(text) as { rule: { decision: string; commandPrefix?: string }[] }).rule;
    assert.deepEqual([...new Set(rules.map((r) => r.decision))].sort(), ["ask_user", "deny"], text);
    assert.ok(
      rules.some((r) => r.decision === "deny" && r.commandPrefix === "rm -rf"),
      text,
    );
    const sandbox = clientSandbox();
    const installed = await install(program, built.extension, sandbox);
    const project = testdir({ "build/out.txt": "built\n" }, "agentc-gemini-policy-");
    const run = (command: string) => geminiShellSession(program, sandbox, project, command, servers);

    const denied = await run("rm -rf build");
    assert.equal(shellResult(denied)?.error, "Tool execution denied by policy.", describeSession(denied));
    assert.ok(existsSync(join(project, "build")), describeSession(denied));
    const asked = await run("git push origin main");
    assert.match(shellResult(asked)?.error ?? "", /requires user confirmation/, describeSession(asked));

    rmSync(join(installed, policyFile));
    const pushed = await run("git push origin main");
    assert.match(shellResult(pushed)?.output ?? "", /not a git repository/, describeSession(pushed));
    const removed = await run("rm -rf build");
    assert.equal(shellResult(removed)?.error, undefined, describeSession(removed));
    assert.ok(!existsSync(join(project, "build")), describeSession(removed));
  });
});
