import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildAndInstall, clientSandbox, requireClient } from "../support/clients-cli.js";
import { clientSession, describeSession, mainRequest } from "../support/loopback/client-session.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { stopStrayProcesses } from "../support/stray-processes.js";

const pack = "cline";

/**
 * The pinned Cline CLI in a real session on the project agentc installed, against a stand-in for an
 * OpenAI-compatible API on loopback: the system prompt holds what the pack's read model says Cline loads.
 */
describe("Cline CLI: a session on the installed project", () => {
  it("loads AGENTS.md and every rule file once, and offers every skill of .agents/skills", async (t) => {
    const program = requireClient(t, "cline");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const env = clientSandbox().env as Record<string, string>;
    t.after(() => {
      stopStrayProcesses((argv) => argv.includes("--cline-hub-daemon") && argv.includes(installed.project));
    });
    const record = await clientSession({
      api: "openai-chat",
      cwd: installed.project,
      env,
      steps: [
        {
          program,
          args: ["auth", "-p", "openai-compatible", "-k", "loopback", "-m", "gpt-test", "-b", "{base}/v1"],
        },
        { program, args: ["--auto-approve", "true", "say OK"] },
      ],
      timeoutMs: 90_000,
    });
    assert.equal(record.status, 0, describeSession(record));
    const body = mainRequest(record);
    const expected = expectedLoads(pack, installed.project, ["skill"]);
    assert.ok(expected.texts.length >= 3, "AGENTS.md and the rules");
    for (const text of expected.texts)
      assert.equal(occurrences(body, text.marker), 1, `${text.what}\n${describeSession(record)}`);
    const offered = /Available skills: ([^."]*)\./.exec(body)?.[1]?.split(/,\s*/) ?? [];
    const skills = (installed.compiled.tree?.files ?? [])
      .filter((f) => f.client?.client === pack && f.client.kind === "skill")
      .map((f) => f.client?.name ?? "");
    assert.ok(skills.length > 0);
    assert.deepEqual(offered.sort(), skills.sort(), describeSession(record));
  });
});
