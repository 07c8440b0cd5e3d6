import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
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
import { describeSession, mainRequest, type SessionRecord } from "../support/loopback/client-session.js";
import { expectedLoads, occurrences } from "../support/loopback/expected-loads.js";
import { geminiSession } from "../support/loopback/gemini-session.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { testdir } from "../support/testdir.js";

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

/** The plain fixture with the gemini-cli rule adapter too, which links GEMINI.md to AGENTS.md at install. */
function withGeminiAdapter(): string {
  const registry = join(testdir({}, "agentc-gemini-md-"), "registry");
  cpSync(plainClientRegistry(), registry, { recursive: true });
  const file = join(registry, "targets.json");
  const targets = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify({ ...targets, builtin_adapters: ["gemini-cli"] }, null, 2)}\n`);
  return registry;
}

/** A `/command` of `.gemini/commands` run with the argument `main`, and the first line of the prompt it must send. */
interface CommandRun {
  prompt: string;
  sent: string;
}

function commandRuns(installed: InstalledProject): CommandRun[] {
  return (installed.compiled.tree?.files ?? [])
    .filter((f) => f.client?.client === pack && f.client.kind === "command")
    .map((command) => {
      const name = command.path.slice(command.path.lastIndexOf("/") + 1, -".toml".length);
      const toml = parse(readFileSync(join(installed.project, command.path), "utf8")) as { prompt: string };
      return {
        prompt: `/${name} main`,
        sent: toml.prompt.replaceAll("{{args}}", "main").trim().split("\n")[0] ?? "",
      };
    });
}

describe("Gemini CLI: a session on the installed project (GEMINI.md, skills, agents, commands)", () => {
  // Each session runs a /command: the session that checks what Gemini loads sends the first, the one
  // before the agents are acknowledged the second; a third command would get a session of its own.
  it("carries GEMINI.md once, every skill, and every agent once acknowledged; a /command sends its prompt with the arguments", async (t) => {
    const program = requireClient(t, "gemini");
    if (!program) return;
    const installed = await buildAndInstall(withGeminiAdapter(), [pack]);
    const project = installed.project;
    const servers = writtenServers(installed, pack).map((s) => s.name);
    const sandbox = clientSandbox();
    const commands = commandRuns(installed);
    assert.ok(commands.length >= 2, "two commands, one for each session");
    const [first, second, ...more] = commands as [CommandRun, CommandRun, ...CommandRun[]];
    const sends = (run: SessionRecord, command: CommandRun) =>
      assert.ok(
        occurrences(mainRequest(run), command.sent) >= 1,
        `${command.prompt}: ${command.sent}\n${describeSession(run)}`,
      );
    const unacknowledged = await geminiSession(program, sandbox, project, { prompt: second.prompt, servers });
    assert.equal(unacknowledged.status, 0, describeSession(unacknowledged));
    sends(unacknowledged, second);
    const agents = expectedLoads(pack, project, ["agent"]).items;
    assert.ok(agents.length >= 2);
    for (const agent of agents)
      assert.equal(
        occurrences(mainRequest(unacknowledged), agent.marker),
        0,
        `${agent.what} before acknowledging`,
      );
    const files = acknowledgedAgents(installed, sandbox);
    const record = await geminiSession(program, sandbox, project, { prompt: first.prompt, servers, files });
    assert.equal(record.status, 0, describeSession(record));
    sends(record, first);
    const body = mainRequest(record);
    const expected = expectedLoads(pack, project, ["skill", "agent"]);
    assert.ok(expected.texts.length > 0 && expected.items.length >= 4, "GEMINI.md, skills and agents");
    for (const text of expected.texts)
      assert.equal(occurrences(body, text.marker), 1, `${text.what}\n${describeSession(record)}`);
    for (const item of expected.items)
      assert.ok(occurrences(body, item.marker) >= 1, `${item.what}\n${describeSession(record)}`);
    for (const command of more) {
      const run = await geminiSession(program, sandbox, project, { prompt: command.prompt, servers });
      assert.equal(run.status, 0, describeSession(run));
      sends(run, command);
    }
  });
});
