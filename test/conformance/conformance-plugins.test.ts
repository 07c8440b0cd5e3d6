import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it, type TestContext } from "node:test";
import {
  type ClientCli,
  type ClientSandbox,
  clientSandbox,
  describeRun,
  geminiTimeoutMs,
  requireClient,
  runClient,
} from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession } from "../support/loopback/client-session.js";
import { copilotSession, trustingCopilot } from "../support/loopback/copilot-session.js";
import { buildPluginRegistry } from "../support/plugin-build.js";
import { testdir } from "../support/testdir.js";

const secret = "AKIA4EXAMPLESECRETKEY";

/** One CLI call in the sandbox; undefined when the CLI is absent (skipped outside CI). */
async function run(t: TestContext, cli: ClientCli, args: string[], cwd: string, sandbox: ClientSandbox) {
  const program = requireClient(t, cli);
  if (!program) return undefined;
  const timeoutMs = cli === "gemini" ? geminiTimeoutMs : undefined;
  return runClient(program, args, { cwd, sandbox, ...(timeoutMs ? { timeoutMs } : {}) });
}

function ok(result: Awaited<ReturnType<typeof run>>): string {
  assert.ok(result);
  assert.equal(result.status, 0, describeRun(result));
  return result.stdout + result.stderr;
}

describe("plugins in the real clients (examples: client fixture, every host)", async () => {
  const built = await buildPluginRegistry();
  const plugin = () => join(built.market, "team-tools");

  it("agentc builds it", () => assert.equal(built.status, 0, built.report));

  it("Claude Code: claude plugin validate --strict passes on the plugin and on the marketplace", async (t) => {
    for (const dir of [plugin(), built.market]) {
      const result = await run(t, "claude", ["plugin", "validate", "--strict", dir], dir, clientSandbox());
      if (!result) return;
      assert.match(ok(result), /Validation passed/, describeRun(result));
    }
  });

  it("Claude Code: installs the plugin from the marketplace file into a throwaway config and lists it", async (t) => {
    if (beyondSlice(t)) return;
    const sandbox = clientSandbox();
    const added = await run(t, "claude", ["plugin", "marketplace", "add", "./"], built.market, sandbox);
    if (!added) return;
    assert.match(ok(added), /Successfully added marketplace: team-tools/);
    const installed = await run(
      t,
      "claude",
      ["plugin", "install", "team-tools@team-tools"],
      built.market,
      sandbox,
    );
    assert.match(ok(installed), /Successfully installed plugin: team-tools@team-tools/);
    const listed = await run(t, "claude", ["plugin", "list", "--json"], built.market, sandbox);
    const entry = (
      JSON.parse(listed?.stdout ?? "[]") as {
        id: string;
        version: string;
        enabled: boolean;
        mcpServers?: object;
      }[]
    ).find((p) => p.id === "team-tools@team-tools");
    assert.ok(entry, describeRun(listed ?? installed ?? added));
    assert.equal(entry.version, "2.0.0");
    assert.equal(entry.enabled, true);
    assert.deepEqual(Object.keys(entry.mcpServers ?? {}).sort(), ["docs", "events", "issues"]);
    assert.match(entry && JSON.stringify(entry), /plugins\/cache\/team-tools\/team-tools\/2\.0\.0/);
  });

  it("Gemini CLI: gemini extensions validate passes on the extension", async (t) => {
    const result = await run(
      t,
      "gemini",
      ["extensions", "validate", built.extension],
      built.extension,
      clientSandbox(),
    );
    if (!result) return;
    assert.match(ok(result), /successfully validated/);
  });

  it("Gemini CLI: installs the extension with --consent into a throwaway home and lists it", async (t) => {
    if (beyondSlice(t)) return;
    const sandbox = clientSandbox();
    // install --consent still asks whether the source folder is trusted; the person answers that once
    const trusted = join(sandbox.home, ".gemini", "trustedFolders.json");
    writeFileSync(trusted, `${JSON.stringify({ [built.extension]: "TRUST_FOLDER" }, null, 2)}\n`);
    const installed = await run(
      t,
      "gemini",
      ["extensions", "install", built.extension, "--consent", "--skip-settings"],
      built.extension,
      sandbox,
    );
    if (!installed) return;
    assert.match(ok(installed), /Extension "team-tools" installed successfully and enabled/);
    const listed = await run(t, "gemini", ["extensions", "list", "-o", "json"], sandbox.home, sandbox);
    const out = ok(listed);
    const list = JSON.parse(out.slice(out.indexOf("["), out.lastIndexOf("]") + 1)) as Record<
      string,
      unknown
    >[];
    const ext = list.find((e) => e.name === "team-tools") as Record<string, unknown> | undefined;
    assert.ok(ext, out);
    assert.equal(ext.version, "2.0.0");
    assert.equal(ext.isActive, true);
    assert.deepEqual(Object.keys(ext.mcpServers as object).sort(), ["docs", "issues"]);
    const hooks = JSON.stringify(ext.hooks);
    assert.ok(
      hooks.includes(`${ext.path as string}/hooks/agentc-guard.mjs`),
      `\${extensionPath} expanded: ${hooks}`,
    );
    const skills = (ext.skills as { name: string }[]).map((s) => s.name).sort();
    assert.deepEqual(skills, ["code-review", "explain-code", "fix-tests", "triage"]);
    assert.deepEqual((ext.agents as { name: string }[]).map((a) => a.name).sort(), [
      "reviewer",
      "test-runner",
    ]);
  });

  it("Codex: adds the marketplace, installs the Agent Plugins package from it and lists it", async (t) => {
    const sandbox = clientSandbox();
    const added = await run(
      t,
      "codex",
      ["plugin", "marketplace", "add", built.market],
      built.market,
      sandbox,
    );
    if (!added) return;
    assert.match(ok(added), /Added marketplace `team-tools`/);
    const installed = await run(
      t,
      "codex",
      ["plugin", "add", "team-tools@team-tools"],
      built.market,
      sandbox,
    );
    assert.match(ok(installed), /Added plugin `team-tools`/);
    const listed = await run(t, "codex", ["plugin", "list", "--json"], built.market, sandbox);
    const list = JSON.parse(listed?.stdout ?? "{}") as {
      installed: { pluginId: string; version: string; enabled: boolean }[];
    };
    const entry = list.installed?.find((p) => p.pluginId === "team-tools@team-tools");
    assert.ok(entry, describeRun(listed ?? added));
    assert.deepEqual([entry.version, entry.enabled], ["2.0.0", true]);
    const servers = await run(t, "codex", ["mcp", "list"], built.market, sandbox);
    // Codex reads mcp.json (the portable file): its stdio and streamable-http servers, not the sse one
    const text = ok(servers);
    assert.match(text, /^issues\s+npx\s/m);
    assert.match(text, /^docs\s+https:\/\/docs\.example\.com\/mcp/m);
    assert.doesNotMatch(text, /^events\s/m);
  });

  it("GitHub Copilot CLI: installs the plugin from the same Claude Code marketplace and lists it", async (t) => {
    if (beyondSlice(t)) return;
    const sandbox = clientSandbox();
    const added = await run(
      t,
      "copilot",
      ["plugin", "marketplace", "add", built.market],
      built.market,
      sandbox,
    );
    if (!added) return;
    assert.match(ok(added), /Marketplace "team-tools" added successfully/);
    const installed = await run(
      t,
      "copilot",
      ["plugin", "install", "team-tools@team-tools"],
      built.market,
      sandbox,
    );
    assert.match(ok(installed), /Plugin "team-tools" installed successfully\. Installed 4 skills/);
    const listed = await run(t, "copilot", ["plugin", "list"], built.market, sandbox);
    assert.match(ok(listed), /team-tools@team-tools \(v2\.0\.0\) \(enabled\)/);
  });

  it("GitHub Copilot CLI: does not run an installed plugin's hooks (copilot-cli#2540), so the plugin's guard does not stop a read of .env", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "copilot");
    if (!program) return;
    const hooks = readFileSync(join(plugin(), "hooks", "hooks.json"), "utf8");
    assert.match(hooks, /agentc-guard/, "the plugin carries the guard hook");
    const project = testdir({ ".env": `AWS_ACCESS_KEY_ID=${secret}\n`, "README.md": "# app\n" });
    const sandbox = trustingCopilot(project);
    ok(await run(t, "copilot", ["plugin", "marketplace", "add", built.market], built.market, sandbox));
    ok(await run(t, "copilot", ["plugin", "install", "team-tools@team-tools"], built.market, sandbox));
    const read = { name: "bash", input: { command: "cat .env", description: "Read the env file" } };
    const record = await copilotSession(program, project, read, ["issues", "docs"], sandbox);
    assert.ok(record.requests.length >= 2, `the tool call was answered\n${describeSession(record)}`);
    const bodies = record.requests.map((r) => r.body).join("\n");
    assert.ok(
      bodies.includes(secret),
      `the plugin's guard ran: Copilot CLI now runs plugin hooks; update docs/plugins.md and this test\n${describeSession(record)}`,
    );
  });
});

describe("a broken registry: agentc stops it at the source line, and the real validators refuse its package", () => {
  it("an unquoted plugin folder variable: AGC187 at hook_path_rewrites, claude plugin validate --strict fails", async (t) => {
    if (beyondSlice(t)) return;
    const guard = '"$CLAUDE_PROJECT_DIR/.claude/hooks/agentc-guard.mjs"';
    const unquoted = ["$", "{CLAUDE_PLUGIN_ROOT}/hooks/agentc-guard.mjs"].join("");
    const rewrite = [[guard, unquoted]];
    const broken = await buildPluginRegistry({
      name: "team-tools",
      owner: { name: "Platform Team" },
      hook_path_rewrites: rewrite,
    });
    assert.equal(broken.status, 1, broken.report);
    const line = lineOf(join(broken.registry, "targets.json"), unquoted);
    assert.match(broken.report, new RegExp(`targets\\.json:${line}:\\d+: error AGC187 `), broken.report);
    // What the package would hold: the good build's hooks with the same rewrite applied.
    const good = await buildPluginRegistry({ name: "team-tools", owner: { name: "Platform Team" } });
    const hooksFile = join(good.market, "team-tools", "hooks", "hooks.json");
    const quoted = JSON.stringify(`"${unquoted}"`).slice(1, -1);
    const text = readFileSync(hooksFile, "utf8");
    assert.ok(text.includes(quoted), text);
    writeFileSync(hooksFile, text.replace(quoted, unquoted));
    const dir = join(good.market, "team-tools");
    const result = await run(t, "claude", ["plugin", "validate", "--strict", dir], dir, clientSandbox());
    if (!result) return;
    assert.equal(result.status, 1, describeRun(result));
    assert.match(result.stdout + result.stderr, /without quotes/, describeRun(result));
  });

  it("a name Agent Plugins forbids ('--'): AGC182 at plugin.name, Codex refuses the package", async (t) => {
    if (beyondSlice(t)) return;
    const broken = await buildPluginRegistry({
      name: "team--tools",
      owner: { name: "Platform Team" },
      hosts: ["claude-code", "agent-plugins", "codex"],
    });
    assert.equal(broken.status, 1, broken.report);
    const line = lineOf(join(broken.registry, "targets.json"), '"team--tools"');
    assert.match(
      broken.report,
      new RegExp(`targets\\.json:${line}:\\d+: error AGC182 plugin name "team--tools"`),
    );
    const good = await buildPluginRegistry({
      name: "team-tools",
      owner: { name: "Platform Team" },
      hosts: ["claude-code", "agent-plugins", "codex"],
    });
    renameIn(join(good.market, "team-tools", "plugin.json"), "team--tools");
    const sandbox = clientSandbox();
    const added = await run(t, "codex", ["plugin", "marketplace", "add", good.market], good.market, sandbox);
    if (!added) return;
    ok(added);
    const install = await run(t, "codex", ["plugin", "add", "team-tools@team-tools"], good.market, sandbox);
    assert.ok(install);
    assert.notEqual(install.status, 0, describeRun(install));
    assert.match(install.stdout + install.stderr, /invalid plugin\.json/, describeRun(install));
  });

  it("a name with a space: targets.json's schema (AGC002) stops it at the line, gemini extensions validate refuses it", async (t) => {
    if (beyondSlice(t)) return;
    const broken = await buildPluginRegistry({ name: "Team Tools", hosts: ["gemini-cli"] });
    assert.equal(broken.status, 1, broken.report);
    const line = lineOf(join(broken.registry, "targets.json"), '"Team Tools"');
    assert.match(broken.report, new RegExp(`targets\\.json:${line}:\\d+: error AGC002 `), broken.report);
    const good = await buildPluginRegistry({ name: "team-tools", hosts: ["gemini-cli"] });
    renameIn(join(good.extension, "gemini-extension.json"), "Team Tools");
    const result = await run(
      t,
      "gemini",
      ["extensions", "validate", good.extension],
      good.extension,
      clientSandbox(),
    );
    if (!result) return;
    assert.equal(result.status, 1, describeRun(result));
    assert.match(result.stdout + result.stderr, /Invalid extension name: "Team Tools"/, describeRun(result));
  });
});

function lineOf(file: string, text: string): number {
  const lines = readFileSync(file, "utf8").split("\n");
  const index = lines.findIndex((l) => l.includes(text));
  assert.ok(index >= 0, `${text} in ${file}`);
  return index + 1;
}

function renameIn(manifest: string, name: string): void {
  const value = JSON.parse(readFileSync(manifest, "utf8")) as Record<string, unknown>;
  writeFileSync(manifest, `${JSON.stringify({ ...value, name }, null, 2)}\n`);
}
