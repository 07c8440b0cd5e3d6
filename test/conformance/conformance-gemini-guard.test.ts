import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { buildAndInstall, clientSandbox, requireClient, writtenServers } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession } from "../support/loopback/client-session.js";
import { geminiSession, toolResult } from "../support/loopback/gemini-session.js";
import { plainClientRegistry } from "../support/plain-fixture.js";

const pack = "gemini-cli";
const secret = "LOOPBACK_SECRET_4711";

/** The guard agentc installs in .gemini/hooks, run by the pinned CLI on BeforeTool (fact hooks, guard). */
describe("Gemini CLI: the guard hook agentc wired into .gemini/settings.json", () => {
  it("keeps a secrets file out of a read_file call; without the hooks the secret reaches the model", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "gemini");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const project = installed.project;
    const servers = writtenServers(installed, pack).map((s) => s.name);
    // The fixture's other hooks run the team's own programs (`node .agentc/guard.mjs --prompt`,
    // `npm test`); stand-ins that succeed keep them out of the way.
    mkdirSync(join(project, ".agentc"), { recursive: true });
    writeFileSync(join(project, ".agentc", "guard.mjs"), "process.exit(0);\n");
    writeFileSync(join(project, "package.json"), '{"scripts":{"test":"true"}}\n');
    // A file the guard knows as a secret (docs/guard.md); .env itself Gemini 0.61.0 refuses on its own
    // ("Path not in workspace"), hooks or not.
    mkdirSync(join(project, "config"), { recursive: true });
    writeFileSync(join(project, "config", "secrets.json"), `{"token": "${secret}"}\n`);
    const tool = { name: "read_file", input: { file_path: "config/secrets.json" } };
    const sandbox = clientSandbox();
    const read = () =>
      geminiSession(program, sandbox, project, { prompt: "read it", tool, servers, hooks: true });
    try {
      const guarded = await read();
      const result = toolResult(guarded, "read_file");
      assert.ok(result, describeSession(guarded));
      assert.ok(!JSON.stringify(result).includes(secret), describeSession(guarded));
      assert.ok(!guarded.requests.some((r) => r.body.includes(secret)), describeSession(guarded));
      assert.match(result.error ?? "", /agentc-guard blocked this call/, describeSession(guarded));
      const file = join(project, ".gemini", "settings.json");
      const text = readFileSync(file, "utf8");
      const { hooks: _, ...withoutHooks } = JSON.parse(text) as Record<string, unknown>;
      writeFileSync(file, `${JSON.stringify(withoutHooks, null, 2)}\n`);
      try {
        const open = await read();
        assert.ok(JSON.stringify(toolResult(open, "read_file")).includes(secret), describeSession(open));
      } finally {
        writeFileSync(file, text);
      }
    } finally {
      for (const path of [".agentc", "package.json", "config"])
        rmSync(join(project, path), { recursive: true, force: true });
    }
  });
});
