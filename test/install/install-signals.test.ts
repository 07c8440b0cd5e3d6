import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { capabilityProject } from "../support/capability-bundle.js";
import { startPaused } from "../support/install-child.js";
import { copyOf, snapshot } from "../support/install-fixture.js";
import {
  copiedFolderProject,
  freshFolderProject,
  freshProject,
  linksRefused,
  upgradeProject,
} from "../support/install-scenarios.js";
import { runAgentcWithEnv } from "../support/run-cli.js";

const phases = ["locked", "planned", "journaled", "applied", "recorded"] as const;
type Setup = () => Project | Promise<Project>;
type Project = { project: string; bundle: string };
/** setup, environment, extra install flags */
const scenarios: Record<string, [Setup, NodeJS.ProcessEnv, string[]]> = {
  "fresh install": [freshProject, {}, []],
  upgrade: [upgradeProject, {}, []],
  "links refused, a folder copied in place of a link": [freshFolderProject, linksRefused, []],
  "links refused, a copied folder replaced by a new copy": [copiedFolderProject, linksRefused, []],
  "capability packages with spawn hooks (retired on rollback)": [
    () => capabilityProject("sh"),
    {},
    ["--allow-hooks"],
  ],
};

/**
 * npm test sends the signal after one phase of each scenario, the n-th scenario taking the n-th phase, so that
 * each scenario, each phase and both signals are tried (and the signal after the commit in every scenario);
 * AGENTC_SIGNALS=full (`npm run test:signals`) after every phase of every scenario.
 */
const everyPhase = process.env.AGENTC_SIGNALS === "full";
const otherPhase = {
  skip: "npm test runs this phase in another scenario: npm run test:signals runs it here too",
};

describe("19: SIGINT / SIGTERM sent to a real install after each phase", { concurrency: 1 }, () => {
  Object.entries(scenarios).forEach(([name, [setup, env, flags]], scenario) => {
    phases.forEach((phase, i) => {
      const signal = i % 2 === 0 ? "SIGTERM" : "SIGINT";
      const runs = everyPhase || i === scenario % phases.length;
      it(
        `${name}: ${signal} after "${phase}" rolls back to the previous state`,
        runs ? {} : otherPhase,
        async () => {
          const { project, bundle } = await setup();
          const before = snapshot(project);
          const run = await startPaused(
            ["install", bundle, "--project", project, "--yes", "--move-aside", ...flags],
            phase,
            env,
          );
          run.child.kill(signal);
          const ended = await run.done;
          assert.equal(ended.code, signal === "SIGINT" ? 130 : 143, ended.stderr);
          assert.match(ended.stderr, new RegExp(`interrupted by ${signal}; the install was rolled back`));
          assert.deepEqual(snapshot(project), before);
        },
      );
    });

    it(`${name}: a signal after the commit leaves the new version complete`, async () => {
      const { project, bundle } = await setup();
      const clean = copyOf(project);
      const reference = await runAgentcWithEnv(
        ["install", bundle, "--project", clean, "--yes", "--move-aside", ...flags],
        env,
      );
      assert.equal(reference.status, 0, reference.stderr);
      const run = await startPaused(
        ["install", bundle, "--project", project, "--yes", "--move-aside", ...flags],
        "committed",
        env,
      );
      run.child.kill("SIGTERM");
      const ended = await run.done;
      assert.equal(ended.code, 0, ended.stderr);
      assert.deepEqual(snapshot(project), snapshot(clean));
    });
  });

  it("uninstall: SIGTERM after the journal is written restores everything", async () => {
    const { project } = await upgradeProject();
    const before = snapshot(project);
    const run = await startPaused(["uninstall", "--project", project], "journaled");
    run.child.kill("SIGTERM");
    assert.equal((await run.done).code, 143);
    assert.deepEqual(snapshot(project), before);
  });
});
