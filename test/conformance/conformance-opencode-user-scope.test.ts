import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { clientSandbox, requireClient } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { clientSession, describeSession, mainRequest } from "../support/loopback/client-session.js";
import { occurrences } from "../support/loopback/expected-loads.js";
import { loopbackUserConfig } from "../support/opencode-session.js";
import { runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const registryLine = "Read the README before changing anything";

/**
 * `agentc install --scope user` of a rules-only registry for a person who has OpenCode (its config folder is
 * there): ~/.config/opencode/AGENTS.md holds the registry's text, and the pinned CLI, in a project agentc never
 * touched, sends it to a stand-in Anthropic API on loopback once; after uninstall, not at all.
 */
describe("OpenCode reads what agentc installed at user level", () => {
  it("~/.config/opencode/AGENTS.md reaches the model in any project, once", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "opencode");
    if (!program) return;
    const root = testdir({}, "agentc-user-scope-opencode-");
    const registry = join(root, "reg");
    assert.equal(runCli(["init", registry, "--assistants", "opencode"]).status, 0);
    const build = join(root, "build");
    assert.equal(runCli(["build", registry, "--out", build]).status, 0);
    const sandbox = clientSandbox();
    const config = join(sandbox.home, ".config", "opencode");
    mkdirSync(config, { recursive: true });
    const install = runCli(["install", build, "--scope", "user", "--yes"], { env: sandbox.env });
    assert.equal(install.status, 0, install.stderr);
    const project = testdir({}, "agentc-user-scope-opencode-app-");
    const session = () =>
      clientSession({
        api: "anthropic",
        cwd: project,
        env: sandbox.env as Record<string, string>,
        files: { [join(config, "opencode.json")]: JSON.stringify(loopbackUserConfig) },
        steps: [{ program, args: ["run", "say OK"] }],
        timeoutMs: 120_000,
      });
    const record = await session();
    assert.equal(record.status, 0, describeSession(record));
    assert.equal(occurrences(mainRequest(record), registryLine), 1, describeSession(record));

    assert.equal(runCli(["uninstall", "--scope", "user"], { env: sandbox.env }).status, 0);
    const after = await session();
    assert.equal(after.status, 0, describeSession(after));
    assert.equal(occurrences(mainRequest(after), registryLine), 0, describeSession(after));
  });
});
