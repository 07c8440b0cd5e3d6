import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { projectStatus, runInstall, runUninstall } from "../../src/index.js";
import { makeBundle, snapshot } from "../support/install-fixture.js";
import { testdir } from "../support/testdir.js";

/** The installer through the package's own entry point, as a library user (or a server) calls it. */
describe("the library API installs, reports and uninstalls (src/index.ts)", () => {
  it("install → status → uninstall, keeping the person's own file and edit", async () => {
    const bundle = makeBundle({
      components: { rules: { files: { ".rules/style.md": "# Style\n" }, owned_dirs: [".rules"] } },
    });
    const project = testdir({ "README.md": "mine\n" });
    const install = {
      bundleDir: bundle,
      projectDir: project,
      choice: { kind: "default" as const },
      moveAside: false,
    };
    const installed = await runInstall({ ...install, dryRun: false });
    assert.equal(installed.status, "ok", installed.problems.join("; "));
    assert.deepEqual(installed.components, ["rules"]);
    assert.equal(readFileSync(join(project, ".rules/style.md"), "utf8"), "# Style\n");
    const again = await runInstall({ ...install, dryRun: false });
    assert.equal(again.written, false, "a second install of the same bundle writes nothing");

    writeFileSync(join(project, ".rules/style.md"), "# Style\n\nMy edit.\n");
    const status = projectStatus(project);
    assert.ok(status.ok && status.installed);
    assert.deepEqual(
      status.drift.map((d) => [d.path, d.kind]),
      [[".rules/style.md", "modified"]],
    );

    const removed = await runUninstall({ projectDir: project, dryRun: false });
    assert.equal(removed.status, "ok", removed.problems.join("; "));
    const left = snapshot(project, (p) => p.startsWith(".agentc"));
    assert.equal(left["README.md"], "file - mine\n");
    assert.equal(left[".rules/style.md"], "file - # Style\n\nMy edit.\n", "the edited file is kept");
  });
});
