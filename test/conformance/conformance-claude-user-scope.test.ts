import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { requireClient } from "../support/clients-cli.js";
import { beyondSlice, fullConformance } from "../support/conformance-slice.js";
import { claudePrintSession, trustedClaudeSandbox } from "../support/loopback/claude-print.js";
import { describeSession, mainRequest } from "../support/loopback/client-session.js";
import { occurrences } from "../support/loopback/expected-loads.js";
import { runAgentc, runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const registryLine = "Read the README before changing anything";
const theirLine = "Always answer in British English";

/**
 * `agentc install --scope user` (docs/user-scope.md) with the pinned Claude Code in a real session against a
 * stand-in Messages API on loopback: in a project agentc never touched, the request to the model carries the
 * registry's always-on text once (from ~/.claude/AGENTS.md, imported by the block agentc composed into the
 * person's ~/.claude/CLAUDE.md) and the person's own line once; after uninstall, only theirs.
 */
describe("Claude Code reads what agentc installed at user level", () => {
  let bundle = "";
  before(async () => {
    if (!fullConformance) return; // every test of the file is beyond npm test's slice
    const root = testdir({}, "agentc-user-scope-claude-");
    const registry = join(root, "reg");
    assert.equal((await runAgentc(["init", registry, "--assistants", "claude-code"])).status, 0);
    bundle = join(root, "build");
    const built = await runAgentc(["build", registry, "--out", bundle]);
    assert.equal(built.status, 0, built.stderr);
  });

  it("the registry's text reaches the model from ~/.claude, the person's text too, each once", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "claude");
    if (!program) return;
    const project = testdir({}, "agentc-user-scope-app-");
    const sandbox = trustedClaudeSandbox(project);
    const config = join(sandbox.home, ".claude");
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, "CLAUDE.md"), `# My notes\n\n${theirLine}.\n`);
    const env = sandbox.env;
    const install = runCli(["install", bundle, "--scope", "user", "--yes"], { env });
    assert.equal(install.status, 0, install.stderr);
    assert.match(readFileSync(join(config, "CLAUDE.md"), "utf8"), /@AGENTS\.md/);

    const record = await claudePrintSession(program, project, sandbox);
    assert.equal(record.status, 0, describeSession(record));
    const body = mainRequest(record);
    assert.equal(occurrences(body, registryLine), 1, describeSession(record));
    assert.equal(occurrences(body, theirLine), 1, describeSession(record));

    assert.equal(runCli(["uninstall", "--scope", "user"], { env }).status, 0);
    const after = await claudePrintSession(program, project, sandbox);
    assert.equal(after.status, 0, describeSession(after));
    assert.equal(occurrences(mainRequest(after), registryLine), 0, describeSession(after));
    assert.equal(occurrences(mainRequest(after), theirLine), 1, describeSession(after));
  });
});
