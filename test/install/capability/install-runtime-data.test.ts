import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { capability } from "../../support/capability-bundle.js";
import { makeBundle, snapshot } from "../../support/install-fixture.js";
import { runAgentc, runCliProcess } from "../../support/run-cli.js";
import { testdir } from "../../support/testdir.js";

/**
 * Issue 15, finding 10: files a capability's spawn hook writes into its own home are the package's run-time
 * data: not drift, no conflict for the next upgrade, kept (and reported) when the capability leaves.
 */

const home = ".agents/capabilities/alpha";
const data = `${home}/state/cache.json`;

function setup() {
  const project = testdir({ "README.md": "mine\n" });
  const log = join(testdir(), "hooks.log");
  writeFileSync(log, "");
  const bundle = (version: string) =>
    makeBundle({
      version,
      components: {
        base: { files: { "AGENTS.md": "# rules\n" } },
        "capability-alpha": capability("alpha", { spawn: "bin/hook.mjs alpha spawn data", version }),
      },
    });
  const run = (...args: string[]) =>
    runCliProcess([...args, "--project", project], { env: { HOOK_LOG: log } });
  return { project, bundle, run };
}

describe("run-time data a spawn hook writes into its home", () => {
  it("is not drift, survives an upgrade that spawns again, and is kept and reported by uninstall", () => {
    const t = setup();
    assert.equal(t.run("install", t.bundle("1.0.0"), "--yes", "--allow-hooks").status, 0);
    assert.equal(readFileSync(join(t.project, data), "utf8"), '{"spawned":"alpha"}\n');

    const status = t.run("status", "--check");
    assert.equal(status.status, 0, status.stdout);
    assert.match(
      status.stdout,
      /run-time data +\.agents\/capabilities\/alpha\/state\/cache\.json: written by the hooks/,
    );
    assert.match(status.stdout, /no drift/);

    const upgrade = t.run("install", t.bundle("2.0.0"), "--yes", "--allow-hooks");
    assert.equal(upgrade.status, 0, upgrade.stderr);
    assert.match(upgrade.stdout, /spawn +acme\.alpha/);
    assert.equal(t.run("status", "--check").status, 0);

    const gone = t.run("uninstall");
    assert.equal(gone.status, 0, gone.stderr);
    assert.match(
      gone.stdout,
      /keep +\.agents\/capabilities\/alpha\/state\/cache\.json \(run-time data of capability acme\.alpha/,
    );
    assert.deepEqual(snapshot(t.project), {
      ".agents": "dir",
      ".agents/capabilities": "dir",
      [home]: "dir",
      [`${home}/state`]: "dir",
      [data]: 'file - {"spawned":"alpha"}\n',
      "README.md": "file - mine\n",
    });
  });

  it("is kept and reported when the capability's component is dropped", () => {
    const t = setup();
    assert.equal(t.run("install", t.bundle("1.0.0"), "--yes", "--allow-hooks").status, 0);
    const dropped = t.run("install", t.bundle("1.0.0"), "--components", "base", "--allow-hooks");
    assert.equal(dropped.status, 0, dropped.stderr);
    assert.match(dropped.stdout, /retire +acme\.alpha/);
    assert.match(dropped.stdout, /keep +\.agents\/capabilities\/alpha\/state\/cache\.json/);
    assert.equal(snapshot(t.project)[data], 'file - {"spawned":"alpha"}\n');
  });

  it("a file in an owned folder that is no capability's home is the project's own, not run-time data", async () => {
    const project = testdir();
    const bundle = makeBundle({
      components: {
        rules: { owned_dirs: [".rules"], files: { ".rules/a.md": "a\n" } },
        "capability-alpha": capability("alpha", {}),
      },
    });
    assert.equal((await runAgentc(["install", bundle, "--project", project, "--yes"])).status, 0);
    writeFileSync(join(project, ".rules/mine.md"), "mine\n");
    const status = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(status.status, 0, status.stdout);
    assert.match(status.stdout, /own +\.rules\/mine\.md: the project's own/);
  });
});
