import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { buildAndInstall, clientSandbox, requireClient, writtenServers } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession } from "../support/loopback/client-session.js";
import { geminiShellSession, shellResult } from "../support/loopback/gemini-session.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { requireSandboxTools } from "../support/sandbox-tools.js";
import { testdir } from "../support/testdir.js";

const pack = "gemini-cli";
const secret = "ENV-SECRET-4711";
const readme = "README-VISIBLE-42";

/**
 * `cat` of a name the command builds at run time, so no check of its words can see the file (Gemini
 * refuses $(...) itself, so the name goes through a pipe).
 */
const command = `cat README.md; echo ${Buffer.from(".env").toString("base64")} | base64 -d | xargs cat`;

/** A copy of the installed project with a secret; `keepSandbox: false` takes out the switch agentc wrote. */
async function projectWithSecret(keepSandbox: boolean): Promise<{ project: string; servers: string[] }> {
  const installed = await buildAndInstall(plainClientRegistry(), [pack]);
  const project = join(testdir({}, "agentc-gemini-sandbox-"), "project");
  cpSync(installed.project, project, { recursive: true });
  const file = join(project, ".gemini", "settings.json");
  const settings = JSON.parse(readFileSync(file, "utf8")) as { security?: Record<string, unknown> };
  if (!keepSandbox) delete settings.security?.toolSandboxing;
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
  writeFileSync(join(project, ".env"), `TOKEN=${secret}\n`);
  writeFileSync(join(project, "README.md"), `${readme}\n`);
  return { project, servers: writtenServers(installed, pack).map((s) => s.name) };
}

/**
 * The second line behind the guard (clients/gemini-cli.json os_read_deny, fact sandbox): the tool
 * sandboxing agentc switches on in .gemini/settings.json runs the shell command under bubblewrap, which
 * shows .env as an empty file. The session's hooks are off (the guard among them), and yolo approves the
 * command, so nothing but the operating system stands in the way.
 */
describe("Gemini CLI: the tool sandboxing agentc switched on hides .env from a command", () => {
  it("an obfuscated cat of .env prints nothing of it and README.md is read; without the switch the secret leaks", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "gemini");
    if (!program || !requireSandboxTools(t, ["bwrap"])) return;
    const run = async (keepSandbox: boolean) => {
      const { project, servers } = await projectWithSecret(keepSandbox);
      const record = await geminiShellSession(program, clientSandbox(), project, command, servers);
      const bodies = record.requests.map((r) => r.body).join("\n");
      return { output: JSON.stringify(shellResult(record) ?? {}), bodies, describe: describeSession(record) };
    };
    const open = await run(false);
    assert.ok(open.output.includes(secret), `without the switch the command reads .env\n${open.describe}`);
    const sandboxed = await run(true);
    assert.ok(sandboxed.output.includes(readme), `the command still reads README.md\n${sandboxed.describe}`);
    assert.ok(!sandboxed.bodies.includes(secret), `the sandbox keeps .env out\n${sandboxed.describe}`);
  });
});
