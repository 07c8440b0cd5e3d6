import assert from "node:assert/strict";
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { roundTrip, runImport } from "../support/import-run.js";
import { snapshot, withoutAgentc } from "../support/install-fixture.js";
import { runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** Build a registry and install every component into an empty project; returns the project. */
function installed(registry: string): string {
  const build = join(testdir(), "build");
  assert.equal(runCli(["build", registry, "--out", build, "--quiet"]).status, 0);
  const project = testdir();
  const install = runCli(["install", build, "--project", project, "--yes"]);
  assert.equal(install.status, 0, install.stderr);
  return project;
}

describe("agentc import of what agentc installed", () => {
  it("a registry of core/ for all ten client packs comes back whole: nothing reported, the same tree", () => {
    // Every file came from one neutral item, so import must find each item again from ten assistants'
    // files at once (texts with placeholders, lossy tool names, servers each client spells its own way).
    const first = installed(join(packageRoot, "test/fixtures/client-registry"));
    const run = runImport(first);
    assert.equal(run.status, 0, run.stderr);
    const notable = run.json.diagnostics.filter((d) => d.severity !== "info");
    assert.deepEqual(notable, [], JSON.stringify(notable, null, 1));
    const second = installed(run.out);
    assert.deepEqual(snapshot(second, withoutAgentc), snapshot(first, withoutAgentc));
  });

  // Rule adapters' own features (rules as skills, seeds, scoped rules without core triggers) have no core
  // form: those files come back differently, and the round trip must say so, file by file.
  for (const registry of ["examples/registry", "examples/team", "test/fixtures/golden-registry"]) {
    it(`${registry}: every difference of the round trip is reported, and only those`, () => {
      const copy = testdir();
      cpSync(join(packageRoot, registry), copy, { recursive: true });
      rmSync(join(copy, "capabilities"), { recursive: true, force: true });
      const project = installed(copy);
      const run = runImport(project);
      assert.equal(run.status, 0, run.stderr);
      const trip = roundTrip(project, run);
      assert.equal(trip.build.status, 0, trip.build.stdout);
      assert.deepEqual(trip.unreported, []);
      assert.deepEqual(trip.wrongly, []);
    });
  }
});
