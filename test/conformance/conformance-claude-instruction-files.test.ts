import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import { diskTree, sessionLoad } from "../../src/session-load/index.js";
import { requireClient } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { claudePrintSession, trustedClaudeSandbox } from "../support/loopback/claude-print.js";
import { describeSession, mainRequest } from "../support/loopback/client-session.js";
import { occurrences } from "../support/loopback/expected-loads.js";
import { runAgentc, runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const registryLine = "Read the README before changing anything";
const theirAgents = "Money is always integer cents in the payments service";
const theirClaude = "Run the ledger migrations check before every commit";

/**
 * Claude Code's instructionFiles setting (issue 29, part 5), with the pinned CLI in a real session against a
 * stand-in Messages API on loopback: for each value that matters, agentc installs into a project (with and
 * without the person's CLAUDE.md) reading the person's settings as Claude does, and the request to the
 * model carries agentc's always-on text exactly once (none under managed-only, which the install reports),
 * each text as often as the pack's read model says.
 */
describe("Claude Code: instructionFiles decides what reaches the model, and agentc's text reaches it once", () => {
  let bundle = "";
  before(async () => {
    const root = testdir({}, "agentc-instruction-files-");
    const registry = join(root, "reg");
    assert.equal((await runAgentc(["init", registry, "--assistants", "claude-code"])).status, 0);
    bundle = join(root, "build");
    const built = await runAgentc(["build", registry, "--out", bundle]);
    assert.equal(built.status, 0, built.stderr);
  });

  const cases: { value?: string; claudeMd: boolean; registry: number; project?: string }[] = [
    { claudeMd: false, registry: 1 },
    // Project and local settings are not read for it: the read model ignores them, as the CLI does.
    { claudeMd: true, registry: 1, project: "managed-only" },
    { value: "claude-md-and-agents-md", claudeMd: true, registry: 1, project: "claude-md" },
    { claudeMd: true, registry: 1 },
    { value: "claude-md", claudeMd: false, registry: 1 },
    { value: "claude-md", claudeMd: true, registry: 1 },
    { value: "claude-md-and-agents-md", claudeMd: true, registry: 1 },
    { value: "managed-only", claudeMd: true, registry: 0 },
  ];

  // npm test's slice (test/support/conformance-slice.ts) runs the first case: the default, in one session.
  for (const [index, { value, claudeMd, registry, project: inProject }] of cases.entries()) {
    const named = `${value ?? "no setting"}${inProject ? ` (${inProject} in the project's settings)` : ""}, ${claudeMd ? "with" : "without"} the person's CLAUDE.md`;
    it(`${named}: agentc's text ${registry === 1 ? "once" : "not at all, and the install says so"}`, async (t) => {
      if (index > 0 && beyondSlice(t)) return;
      const program = requireClient(t, "claude");
      if (!program) return;
      const project = testdir({}, "agentc-instruction-files-app-");
      writeFileSync(join(project, "AGENTS.md"), `# Payments\n\n${theirAgents}.\n`);
      if (claudeMd) writeFileSync(join(project, "CLAUDE.md"), `# Notes for Claude\n\n${theirClaude}.\n`);
      if (inProject !== undefined) {
        mkdirSync(join(project, ".claude"), { recursive: true });
        const options = { instructionFiles: inProject };
        const settings = JSON.stringify({ pluginConfigs: { "agents-md@builtin": { options } } });
        writeFileSync(
          join(project, ".claude", inProject === "claude-md" ? "settings.local.json" : "settings.json"),
          settings,
        );
      }
      const sandbox = trustedClaudeSandbox(project);
      const config = sandbox.env.CLAUDE_CONFIG_DIR ?? join(sandbox.home, ".claude");
      if (value !== undefined) {
        mkdirSync(config, { recursive: true });
        const options = { instructionFiles: value };
        writeFileSync(
          join(config, "settings.json"),
          JSON.stringify({ pluginConfigs: { "agents-md@builtin": { options } } }),
        );
      }
      const install = runCli(["install", bundle, "--project", project, "--yes"], {
        env: { HOME: sandbox.home, CLAUDE_CONFIG_DIR: config },
      });
      assert.equal(install.status, 0, install.stderr);
      if (registry === 0) assert.match(install.stdout + install.stderr, /managed-only/);

      const record = await claudePrintSession(program, project, sandbox);
      assert.equal(record.status, 0, describeSession(record));
      const body = mainRequest(record);
      assert.equal(occurrences(body, registryLine), registry, `${named}\n${describeSession(record)}`);

      const pack = builtinClientPacks().find((c) => c.pack.client === "claude-code")?.pack;
      assert.ok(pack);
      const load = sessionLoad(pack, diskTree(project), diskTree(sandbox.home));
      const modelled = (marker: string) =>
        load.texts.reduce((n, text) => n + text.text.split(marker).length - 1, 0);
      for (const marker of [registryLine, theirAgents, theirClaude])
        assert.equal(
          occurrences(body, marker),
          modelled(marker),
          `${named}: the read model and the CLI disagree on "${marker}"\n${describeSession(record)}`,
        );
    });
  }
});
