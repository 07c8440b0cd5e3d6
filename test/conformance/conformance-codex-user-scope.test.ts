import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { clientSandbox, describeRun, requireClient, runClient } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { occurrences } from "../support/loopback/expected-loads.js";
import { runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const registryLine = "Read the README before changing anything";
const theirLine = "Never add emojis to commit messages";

/**
 * `agentc install --scope user` of a rules-only registry (no Codex component in the bundle) for a person who
 * has ~/.codex with their own AGENTS.md: the pinned Codex CLI puts agentc's text and the person's into the
 * model's input once each (`codex debug prompt-input`, no network), and after uninstall only theirs.
 */
describe("Codex reads what agentc installed at user level", () => {
  it("~/.codex/AGENTS.md carries the registry's text beside the person's, once each", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "codex");
    if (!program) return;
    const root = testdir({}, "agentc-user-scope-codex-");
    const registry = join(root, "reg");
    assert.equal(runCli(["init", registry, "--assistants", "codex"]).status, 0);
    const build = join(root, "build");
    assert.equal(runCli(["build", registry, "--out", build]).status, 0);
    const sandbox = clientSandbox();
    const codexHome = join(sandbox.home, ".codex");
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(join(codexHome, "AGENTS.md"), `# Mine\n\n${theirLine}.\n`);
    const env = { ...sandbox.env, CODEX_HOME: codexHome };
    const install = runCli(["install", build, "--scope", "user", "--yes"], { env });
    assert.equal(install.status, 0, install.stderr);
    const project = testdir({}, "agentc-user-scope-codex-app-");
    const prompt = () => runClient(program, ["debug", "prompt-input", "hi"], { cwd: project, sandbox, env });
    const run = await prompt();
    assert.equal(run.status, 0, describeRun(run));
    assert.equal(occurrences(run.stdout, registryLine), 1, describeRun(run));
    assert.equal(occurrences(run.stdout, theirLine), 1, describeRun(run));

    assert.equal(runCli(["uninstall", "--scope", "user"], { env }).status, 0);
    const after = await prompt();
    assert.equal(occurrences(after.stdout, registryLine), 0, describeRun(after));
    assert.equal(occurrences(after.stdout, theirLine), 1, describeRun(after));
  });
});
