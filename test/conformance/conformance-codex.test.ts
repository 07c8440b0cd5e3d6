import assert from "node:assert/strict";
import { copyFileSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it, type TestContext } from "node:test";
import type { McpServer } from "../../src/core/model.js";
import {
  buildAndInstall,
  type ClientRun,
  type ClientSandbox,
  clientSandbox,
  describeRun,
  type InstalledProject,
  networkIsolated,
  requireClient,
  runClient,
  writtenServers,
} from "../support/clients-cli.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { testdir } from "../support/testdir.js";

const pack = "codex";

/** One server as `codex mcp list --json` prints it (the fields this test compares). */
interface ListedServer {
  name: string;
  enabled: boolean;
  transport: { type: string; command?: string; args?: string[]; url?: string };
}

/** `codex mcp list --json` in cwd; the servers it lists, or the whole run when it fails. */
async function listServers(
  t: TestContext,
  sandbox: ClientSandbox,
  cwd: string,
): Promise<ListedServer[] | undefined> {
  const program = requireClient(t, "codex");
  if (!program) return undefined;
  const run = await runClient(program, ["mcp", "list", "--json"], { cwd, sandbox });
  assert.equal(run.status, 0, describeRun(run));
  return JSON.parse(run.stdout) as ListedServer[];
}

/** What Codex must list for a registry server: its name and transport as the core wrote them. */
function expected(server: McpServer): ListedServer {
  const transport =
    server.transport === "stdio"
      ? { type: "stdio", command: server.command, args: server.args }
      : { type: "streamable_http", url: server.url };
  return { name: server.name, enabled: true, transport };
}

function comparable(listed: ListedServer[]): ListedServer[] {
  return listed
    .map(({ name, enabled, transport }) => {
      const { type, command, args, url } = transport;
      const kept = type === "stdio" ? { type, command, args } : { type, url };
      return { name, enabled, transport: kept };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The details of the configuration check of `codex doctor --json`. */
function doctorConfig(run: ClientRun): Record<string, unknown> {
  const report = JSON.parse(run.stdout) as { checks: Record<string, { details?: Record<string, unknown> }> };
  return report.checks["config.load"]?.details ?? {};
}

function configFile(installed: InstalledProject): string {
  const mcp = installed.compiled.registry?.clients.find((c) => c.pack.client === pack)?.pack.mcp;
  assert.ok(mcp, `the ${pack} client pack maps MCP servers`);
  const path = join(installed.project, mcp.file);
  assert.ok(existsSync(path), `agentc install wrote ${mcp.file}`);
  return path;
}

describe("Codex: codex mcp list --json, codex doctor --json", () => {
  it("refuses a config.toml whose server has a value of the wrong type (the check can fail)", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    const sandbox = clientSandbox();
    writeFileSync(join(sandbox.codexHome, "config.toml"), '[mcp_servers.docs]\ncommand = ["node"]\n');
    const run = await runClient(program, ["mcp", "list", "--json"], { cwd: sandbox.root, sandbox });
    assert.notEqual(run.status, 0, describeRun(run));
    assert.match(run.stderr, /mcp_servers\.docs\.command/, describeRun(run));
  });

  it("lists exactly the registry's MCP servers from the .codex/config.toml agentc composed", async (t) => {
    if (!requireClient(t, "codex")) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const servers = writtenServers(installed, pack);
    assert.ok(servers.length > 0, "the fixture has MCP servers Codex can express");
    const sandbox = clientSandbox();
    copyFileSync(configFile(installed), join(sandbox.codexHome, "config.toml"));
    const listed = await listServers(t, sandbox, testdir());
    if (!listed) return;
    assert.deepEqual(comparable(listed), comparable(servers.map(expected)));
  });

  it("reads the same servers from the project's own .codex/config.toml once the project is trusted", async (t) => {
    if (!requireClient(t, "codex")) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const sandbox = clientSandbox();
    const trust = `[projects.${JSON.stringify(installed.project)}]\ntrust_level = "trusted"\n`;
    writeFileSync(join(sandbox.codexHome, "config.toml"), trust);
    const listed = await listServers(t, sandbox, installed.project);
    if (!listed) return;
    assert.deepEqual(comparable(listed), comparable(writtenServers(installed, pack).map(expected)));
  });

  it("codex doctor warns about a setting Codex does not know (the check can fail)", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    if (!networkIsolated) {
      t.skip("codex doctor probes the network; it runs only in a network namespace (unshare --net)");
      return;
    }
    const sandbox = clientSandbox();
    writeFileSync(
      join(sandbox.codexHome, "config.toml"),
      '[mcp_servers.docs]\ncommand = "node"\nextra = 1\n',
    );
    const run = await runClient(program, ["doctor", "--json"], { cwd: sandbox.root, sandbox });
    assert.match(
      JSON.stringify(doctorConfig(run)["startup warning"]),
      /mcp_servers\.docs\.extra/,
      describeRun(run),
    );
  });

  it("codex doctor reports no startup warning: no unknown setting, no malformed agent role", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    if (!networkIsolated) {
      t.skip("codex doctor probes the network; it runs only in a network namespace (unshare --net)");
      return;
    }
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const agents = (installed.compiled.tree?.files ?? []).filter((f) => f.client?.kind === "agent");
    assert.ok(agents.length > 0, "the fixture's agents reach Codex as agent role files");
    const sandbox = clientSandbox();
    const trust = `[projects.${JSON.stringify(installed.project)}]\ntrust_level = "trusted"\n`;
    writeFileSync(join(sandbox.codexHome, "config.toml"), trust);
    const run = await runClient(program, ["doctor", "--json"], { cwd: installed.project, sandbox });
    const config = doctorConfig(run);
    assert.equal(config["config.toml parse"], "ok", describeRun(run));
    assert.equal(config["startup warning"], undefined, describeRun(run));
    assert.equal(config["mcp servers"], String(writtenServers(installed, pack).length), describeRun(run));
  });
});
