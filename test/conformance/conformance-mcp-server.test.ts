import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  type ClientSandbox,
  clientSandbox,
  describeRun,
  geminiTimeoutMs,
  requireClient,
  runClient,
} from "../support/clients-cli.js";
import { appServerRequest } from "../support/codex-app-server.js";
import { binPath } from "../support/run-cli.js";

/**
 * `agentc mcp` registered with the real assistants' CLIs, offline: each starts it over stdio as it would in
 * a session. Beside it, a server that cannot start (`agentc no-such-command` exits at once), so a status of
 * "connected" is seen to be earned, not printed for any configured server.
 */
const agentc = [process.execPath, binPath, "mcp"];
const broken = [process.execPath, binPath, "no-such-command"];
const tools = ["lint", "loads", "matrix", "check", "build"];

function sandboxWithProject(): { sandbox: ClientSandbox; project: string } {
  const sandbox = clientSandbox();
  const project = join(sandbox.root, "project");
  mkdirSync(project);
  return { sandbox, project };
}

describe("agentc mcp in the assistants' own CLIs", () => {
  it("Codex's app-server (mcpServerStatus/list) starts it from config.toml and lists its five tools with their schemas", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    const { sandbox, project } = sandboxWithProject();
    const toml = (argv: string[]) =>
      `command = ${JSON.stringify(argv[0])}\nargs = ${JSON.stringify(argv.slice(1))}\n`;
    writeFileSync(
      join(sandbox.codexHome, "config.toml"),
      `[mcp_servers.agentc]\n${toml(agentc)}\n[mcp_servers.broken]\n${toml(broken)}`,
    );
    const answer = await appServerRequest(program, project, sandbox, "mcpServerStatus/list", {});
    const servers = (answer.result as { data?: CodexServer[] } | undefined)?.data;
    assert.ok(servers, `no server list: ${JSON.stringify(answer.error)}\n${answer.stderr}`);
    const listed = servers.find((server) => server.name === "agentc");
    assert.equal(listed?.serverInfo?.name, "agentc");
    assert.deepEqual(Object.keys(listed?.tools ?? {}).sort(), [...tools].sort());
    assert.deepEqual(Object.keys(listed?.tools?.lint?.inputSchema?.properties ?? {}), ["project", "clients"]);
    assert.deepEqual(Object.keys(listed?.tools?.build?.inputSchema?.properties ?? {}), ["registry"]);
    const control = servers.find((server) => server.name === "broken");
    assert.deepEqual(Object.keys(control?.tools ?? {}), [], "the server that cannot start lists no tool");
  });

  it("Claude Code (claude mcp add --scope user, then claude mcp list) connects to it", async (t) => {
    const program = requireClient(t, "claude");
    if (!program) return;
    const { sandbox, project } = sandboxWithProject();
    for (const [name, argv] of [
      ["agentc", agentc],
      ["broken", broken],
    ] as const) {
      const added = await runClient(program, ["mcp", "add", "--scope", "user", name, "--", ...argv], {
        cwd: project,
        sandbox,
      });
      assert.equal(added.status, 0, describeRun(added));
    }
    const run = await runClient(program, ["mcp", "list"], { cwd: project, sandbox });
    assert.equal(run.status, 0, describeRun(run));
    assert.match(run.stdout, /^agentc: .*agentc\.js mcp - ✔ Connected$/m, describeRun(run));
    assert.match(run.stdout, /^broken: .*no-such-command - ✘ Failed to connect/m, describeRun(run));
  });

  it("Gemini CLI (a trusted project's .gemini/settings.json, then gemini mcp list) connects to it", async (t) => {
    const program = requireClient(t, "gemini");
    if (!program) return;
    const { sandbox, project } = sandboxWithProject();
    const server = (argv: string[]) => ({ command: argv[0], args: argv.slice(1) });
    mkdirSync(join(project, ".gemini"));
    writeFileSync(
      join(project, ".gemini", "settings.json"),
      JSON.stringify({ mcpServers: { agentc: server(agentc), broken: server(broken) } }),
    );
    writeFileSync(
      join(sandbox.home, ".gemini", "trustedFolders.json"),
      JSON.stringify({ [project]: "TRUST_FOLDER" }),
    );
    const run = await runClient(program, ["mcp", "list"], {
      cwd: project,
      sandbox,
      timeoutMs: geminiTimeoutMs,
    });
    const out = run.stdout + run.stderr;
    assert.equal(run.status, 0, describeRun(run));
    assert.match(out, /^✓ agentc: .*agentc\.js mcp \(stdio\) - Connected$/m, describeRun(run));
    assert.match(out, /^✗ broken: .*no-such-command \(stdio\) - Disconnected$/m, describeRun(run));
  });
});

/** One server as Codex's app-server lists it (the fields this test reads). */
interface CodexServer {
  name: string;
  serverInfo?: { name?: string };
  tools?: Record<string, { inputSchema?: { properties?: Record<string, unknown> } }>;
}
