import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildAndInstall, requireClient, writtenServers } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession, mainRequest } from "../support/loopback/client-session.js";
import { copilotSession } from "../support/loopback/copilot-session.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";
import { plainClientRegistry } from "../support/plain-fixture.js";

const pack = "github-copilot";
const packs = ["claude-code", pack];

/**
 * Claude Code and Copilot chosen together: the Copilot CLI also reads Claude Code's .claude/rules,
 * .claude/skills and .claude/agents (its read model), so each of agentc's texts must reach it once.
 */
describe("GitHub Copilot CLI beside Claude Code: the .claude files it reads too", () => {
  it("a session carries every instruction text, skill and agent once", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "copilot");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), packs);
    const project = installed.project;
    const expected = expectedLoads(pack, project, ["skill", "agent"]);
    const servers = writtenServers(installed, "claude-code").map((s) => s.name);
    const record = await copilotSession(program, project, undefined, servers);
    assert.equal(record.status, 0, describeSession(record));
    const body = mainRequest(record);
    assert.ok(expected.texts.length >= 2, "AGENTS.md and the rules");
    for (const text of expected.texts)
      assert.equal(occurrences(body, text.marker), 1, `${text.what}\n${describeSession(record)}`);
    assert.ok(expected.items.length >= 4, "skills and agents");
    for (const item of expected.items)
      assert.equal(occurrences(body, item.marker), 1, `${item.what}\n${describeSession(record)}`);
  });
});
