import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { buildAndInstall, clientSandbox, requireClient, writtenServers } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession } from "../support/loopback/client-session.js";
import { geminiShellSession, shellResult } from "../support/loopback/gemini-session.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { testdir } from "../support/testdir.js";

const pack = "gemini-cli";
const deprecated = /tools\.allowed in settings\.json are deprecated and will be removed in 1\.0/;

/** A trusted project whose .gemini/settings.json holds only these tools lists, and a build/ folder. */
function projectWith(tools: object): string {
  const settings = JSON.stringify({ tools });
  return testdir({ ".gemini/settings.json": settings, "build/out.txt": "built\n" }, "agentc-gemini-tools-");
}

/** Fact "permissions" of clients/gemini-cli.json, as 0.61.0 behaves (a newer release that differs fails here). */
describe("Gemini CLI: tools.exclude and tools.allowed with a command prefix (why agentc writes whole tools only)", () => {
  it("run_shell_command(rm -rf) in tools.exclude blocks nothing", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "gemini");
    if (!program) return;
    const project = projectWith({ exclude: ["run_shell_command(rm -rf)"] });
    const run = await geminiShellSession(program, clientSandbox(), project, "rm -rf build");
    assert.match(run.stderr, /tools\.exclude in settings\.json is deprecated and will be removed in 1\.0/);
    assert.equal(shellResult(run)?.error, undefined, describeSession(run));
    assert.ok(!existsSync(join(project, "build")), describeSession(run));
  });

  it("run_shell_command(git diff) in tools.allowed refuses every other command", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "gemini");
    if (!program) return;
    const project = projectWith({ allowed: ["run_shell_command(git diff)"] });
    const run = await geminiShellSession(program, clientSandbox(), project, "ls build");
    assert.match(run.stderr, deprecated, describeSession(run));
    assert.equal(shellResult(run)?.error, "Tool execution denied by policy.", describeSession(run));
  });

  it("agentc's .gemini/settings.json names whole tools only, and a command it does not name still runs", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "gemini");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const settings = readFileSync(join(installed.project, ".gemini", "settings.json"), "utf8");
    const tools =
      (JSON.parse(settings) as { tools?: { allowed?: string[]; exclude?: string[] } }).tools ?? {};
    assert.ok((tools.allowed ?? []).length > 0, settings);
    for (const name of [...(tools.allowed ?? []), ...(tools.exclude ?? [])])
      assert.match(name, /^[a-z_]+$/, `a whole tool, no (prefix): ${name}`);
    const servers = writtenServers(installed, pack).map((s) => s.name);
    const run = await geminiShellSession(program, clientSandbox(), installed.project, "ls .gemini", servers);
    assert.match(shellResult(run)?.output ?? "", /settings\.json/, describeSession(run));
  });
});
