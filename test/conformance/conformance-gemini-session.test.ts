import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "smol-toml";
import { frontmatterFields } from "../../src/session-load/rule-files.js";
import {
  buildAndInstall,
  type ClientSandbox,
  clientSandbox,
  type InstalledProject,
  requireClient,
  writtenServers,
} from "../support/clients-cli.js";
import { describeSession, mainRequest } from "../support/loopback/client-session.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";
import { geminiSession } from "../support/loopback/gemini-session.js";
import { plainClientRegistry } from "../support/plain-fixture.js";

const pack = "gemini-cli";

/**
 * Gemini registers a project's agent only once the person has acknowledged it (a prompt in an interactive
 * session), kept as name → sha256 of the file in ~/.gemini/acknowledgments/agents.json; this writes it.
 */
function acknowledgedAgents(installed: InstalledProject, sandbox: ClientSandbox): Record<string, string> {
  const agents: Record<string, string> = {};
  for (const file of installed.compiled.tree?.files ?? []) {
    if (file.client?.client !== pack || file.client.kind !== "agent") continue;
    const text = readFileSync(join(installed.project, file.path), "utf8");
    const name = String(frontmatterFields(text)?.name);
    agents[name] = createHash("sha256").update(text).digest("hex");
  }
  const path = join(sandbox.home, ".gemini", "acknowledgments", "agents.json");
  return { [path]: JSON.stringify({ [installed.project]: agents }) };
}

describe("Gemini CLI: a session on the installed project (skills, agents, commands)", () => {
  it("carries every skill, every agent once acknowledged (and any instruction file once); a /command sends its prompt with the arguments", async (t) => {
    const program = requireClient(t, "gemini");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const project = installed.project;
    const servers = writtenServers(installed, pack).map((s) => s.name);
    const sandbox = clientSandbox();
    const unacknowledged = await geminiSession(program, sandbox, project, { prompt: "say OK", servers });
    const agents = expectedLoads(pack, project, ["agent"]).items;
    assert.ok(agents.length >= 2);
    for (const agent of agents)
      assert.equal(
        occurrences(mainRequest(unacknowledged), agent.marker),
        0,
        `${agent.what} before acknowledging`,
      );
    const files = acknowledgedAgents(installed, sandbox);
    const record = await geminiSession(program, sandbox, project, { prompt: "say OK", servers, files });
    assert.equal(record.status, 0, describeSession(record));
    const body = mainRequest(record);
    const expected = expectedLoads(pack, project, ["skill", "agent"]);
    // The fixture chooses the client pack alone, not the gemini-cli rule adapter that writes GEMINI.md.
    assert.ok(expected.items.length >= 4, "skills and agents");
    for (const text of expected.texts)
      assert.equal(occurrences(body, text.marker), 1, `${text.what}\n${describeSession(record)}`);
    for (const item of expected.items)
      assert.ok(occurrences(body, item.marker) >= 1, `${item.what}\n${describeSession(record)}`);

    const commands = (installed.compiled.tree?.files ?? []).filter(
      (f) => f.client?.client === pack && f.client.kind === "command",
    );
    assert.ok(commands.length > 0);
    for (const command of commands) {
      const name = command.path.slice(command.path.lastIndexOf("/") + 1, -".toml".length);
      const prompt = (parse(readFileSync(join(project, command.path), "utf8")) as { prompt: string }).prompt;
      const sent = prompt.replaceAll("{{args}}", "main").trim().split("\n")[0] ?? "";
      const run = await geminiSession(program, sandbox, project, { prompt: `/${name} main`, servers });
      assert.equal(run.status, 0, describeSession(run));
      assert.ok(occurrences(mainRequest(run), sent) >= 1, `/${name}: ${sent}\n${describeSession(run)}`);
    }
  });
});
