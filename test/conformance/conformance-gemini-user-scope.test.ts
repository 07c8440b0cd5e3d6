import assert from "node:assert/strict";
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { clientSandbox, requireClient } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession, mainRequest } from "../support/loopback/client-session.js";
import { occurrences } from "../support/loopback/expected-loads.js";
import { geminiSession } from "../support/loopback/gemini-session.js";
import { runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const registryLine = "Read the README before changing anything";

/**
 * `agentc install --scope user` for Gemini CLI: ~/.gemini/GEMINI.md is a link to ~/.gemini/AGENTS.md, and the
 * pinned CLI, in a project agentc never touched, sends the registry's text to a stand-in Gemini API on
 * loopback once; after uninstall, not at all.
 */
describe("Gemini CLI reads what agentc installed at user level", () => {
  it("~/.gemini/GEMINI.md carries the registry's text into a session in any project, once", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "gemini");
    if (!program) return;
    const root = testdir({}, "agentc-user-scope-gemini-");
    const registry = join(root, "reg");
    assert.equal(runCli(["init", registry, "--assistants", "gemini-cli"]).status, 0);
    const build = join(root, "build");
    assert.equal(runCli(["build", registry, "--out", build]).status, 0);
    const sandbox = clientSandbox();
    const install = runCli(["install", build, "--scope", "user", "--yes"], { env: sandbox.env });
    assert.equal(install.status, 0, install.stderr);
    assert.ok(lstatSync(join(sandbox.home, ".gemini", "GEMINI.md")).isSymbolicLink());
    const project = testdir({}, "agentc-user-scope-gemini-app-");
    const record = await geminiSession(program, sandbox, project, { prompt: "say OK" });
    assert.equal(record.status, 0, describeSession(record));
    assert.equal(occurrences(mainRequest(record), registryLine), 1, describeSession(record));

    assert.equal(runCli(["uninstall", "--scope", "user"], { env: sandbox.env }).status, 0);
    const after = await geminiSession(program, sandbox, project, { prompt: "say OK" });
    assert.equal(after.status, 0, describeSession(after));
    assert.equal(occurrences(mainRequest(after), registryLine), 0, describeSession(after));
  });
});
