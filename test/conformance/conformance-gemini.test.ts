import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it, type TestContext } from "node:test";
import {
  buildAndInstall,
  type ClientRun,
  type ClientSandbox,
  clientRegistry,
  clientSandbox,
  describeRun,
  geminiTimeoutMs,
  geminiUserSettings,
  requireClient,
  runClient,
  writtenServers,
} from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { testdir } from "../support/testdir.js";

const pack = "gemini-cli";

/** What Gemini prints (on stderr, exit still 0) when a settings file breaks its schema or does not parse. */
const settingsError = /Invalid configuration in|Error in:|Please fix the configuration/;

async function gemini(
  t: TestContext,
  args: string[],
  cwd: string,
  sandbox: ClientSandbox,
): Promise<ClientRun | undefined> {
  const program = requireClient(t, "gemini");
  if (!program) return undefined;
  return runClient(program, args, { cwd, sandbox, timeoutMs: geminiTimeoutMs });
}

function assertClean(run: ClientRun): string {
  const out = run.stdout + run.stderr;
  assert.equal(run.status, 0, describeRun(run));
  assert.doesNotMatch(out, settingsError, describeRun(run));
  return out;
}

/** Trusts the project (project skills, agents and hooks load only then) and keeps MCP servers from starting. */
function trustProject(sandbox: ClientSandbox, project: string, servers: string[]): void {
  const folders = join(sandbox.home, ".gemini", "trustedFolders.json");
  writeFileSync(folders, `${JSON.stringify({ [project]: "TRUST_FOLDER" }, null, 2)}\n`);
  const settings = join(sandbox.home, ".gemini", "settings.json");
  writeFileSync(
    settings,
    `${JSON.stringify({ ...geminiUserSettings, mcp: { excluded: servers } }, null, 2)}\n`,
  );
}

describe("Gemini CLI: gemini mcp list / skills list in the project", () => {
  it("reports a .gemini/settings.json that breaks its schema (the check can fail)", async (t) => {
    if (beyondSlice(t)) return;
    const sandbox = clientSandbox();
    const project = testdir({
      ".gemini/settings.json": JSON.stringify({ mcpServers: { docs: { command: 3 } } }),
    });
    const run = await gemini(t, ["mcp", "list"], project, sandbox);
    if (!run) return;
    assert.match(run.stdout + run.stderr, settingsError, describeRun(run));
  });

  it("reports an agent whose frontmatter does not parse, in a trusted folder (the check can fail)", async (t) => {
    if (beyondSlice(t)) return;
    const sandbox = clientSandbox();
    const project = testdir({
      ".gemini/agents/reviewer.md": "---\nname: reviewer\ndescription: [oops\n---\nBody\n",
    });
    trustProject(sandbox, project, []);
    const run = await gemini(t, ["skills", "list"], project, sandbox);
    if (!run) return;
    assert.match(run.stdout + run.stderr, /Agent loading error/, describeRun(run));
  });

  it("reports an agent whose tools name a tool Gemini does not have, in a trusted folder (the check can fail)", async (t) => {
    if (beyondSlice(t)) return;
    const sandbox = clientSandbox();
    const project = testdir({
      ".gemini/agents/reviewer.md":
        "---\nname: reviewer\ndescription: Reviews.\ntools:\n  - read_file\n  - no_such_tool\n---\nBody\n",
    });
    trustProject(sandbox, project, []);
    const run = await gemini(t, ["skills", "list"], project, sandbox);
    if (!run) return;
    assert.match(run.stdout + run.stderr, /tools\.1: Invalid tool name/, describeRun(run));
  });

  it("lists every MCP server of the .gemini/settings.json agentc composed, with no settings error", async (t) => {
    if (beyondSlice(t)) return;
    if (!requireClient(t, "gemini")) return;
    const installed = await buildAndInstall(clientRegistry, [pack]);
    const names = writtenServers(installed, pack).map((s) => s.name);
    assert.ok(names.length > 0, "the fixture has MCP servers Gemini can express");
    const run = await gemini(t, ["mcp", "list"], installed.project, clientSandbox());
    if (!run) return;
    const out = assertClean(run);
    const listed = [...out.matchAll(/^\s*[^\w\s] ([^\s:]+): /gm)].map((m) => m[1]).sort();
    assert.deepEqual(listed, [...names].sort(), describeRun(run));
    // each with the transport agentc wrote: an SSE server as type sse (a bare url Gemini takes for HTTP)
    for (const server of writtenServers(installed, pack).filter((s) => s.transport !== "stdio"))
      assert.match(out, new RegExp(`${server.name}: \\S+ \\(${server.transport}\\)`), describeRun(run));
  });

  it("discovers every skill and loads every agent agentc installed, once the folder is trusted", async (t) => {
    if (beyondSlice(t)) return;
    if (!requireClient(t, "gemini")) return;
    const installed = await buildAndInstall(clientRegistry, [pack]);
    const skills = (installed.compiled.tree?.files ?? []).filter(
      (f) => f.client?.client === pack && f.client.kind === "skill",
    );
    assert.ok(skills.length > 0, "the fixture's skills reach Gemini");
    const agents = (installed.compiled.tree?.files ?? []).filter(
      (f) => f.client?.client === pack && f.client.kind === "agent",
    );
    assert.ok(agents.length > 0, "the fixture's agents reach Gemini");
    const sandbox = clientSandbox();
    trustProject(
      sandbox,
      installed.project,
      writtenServers(installed, pack).map((s) => s.name),
    );
    const run = await gemini(t, ["skills", "list"], installed.project, sandbox);
    if (!run) return;
    const out = assertClean(run);
    assert.doesNotMatch(out, /Agent loading error|untrusted folder/, describeRun(run));
    for (const skill of skills) {
      const folder = join(installed.project, skill.path);
      assert.ok(
        out.includes(`Location:    ${folder}`),
        `Gemini discovered ${skill.path}\n${describeRun(run)}`,
      );
    }
  });
});
