import assert from "node:assert/strict";
import { chmodSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { install, installJson, makeBundle, snapshot, stamps } from "../support/install-fixture.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * installer-safety case 24 (issue 15, finding 10): a file whose only change is its mode is edited. It is kept on
 * upgrade and uninstall and reported by status; agentc's own change of the executable bit is still an update.
 */

const bundle = (version: string, agents: string, run: string, executable = true) =>
  makeBundle({
    version,
    components: {
      core: {
        files: { "AGENTS.md": agents, "tools/run.sh": run },
        executables: executable ? ["tools/run.sh"] : [],
        seeds: { "docs/notes.md": `seed ${version}\n` },
        symlinks: ["CLAUDE.md :: AGENTS.md :: copy"],
      },
    },
  });

const v1 = () => bundle("1.0.0", "# rules v1\n", "#!/bin/sh\necho v1\n");
const isExecutable = (path: string): boolean => (statSync(path).mode & 0o100) !== 0;
const status = (project: string) => runAgentc(["status", "--project", project, "--check"]);

describe("a mode change counts as an edit (case 24)", () => {
  it("chmod +x on an owned file: reported, kept by a reinstall, a conflict for an upgrade that changes it", async () => {
    const project = testdir();
    assert.equal((await install(v1(), project)).status, 0);
    chmodSync(join(project, "AGENTS.md"), 0o755);
    const drift = await status(project);
    assert.equal(drift.status, 1, drift.stdout);
    assert.match(drift.stdout, /modified +AGENTS\.md: executable bit changed/);

    const again = await installJson(v1(), project);
    assert.equal(again.status, 0, again.stderr);
    assert.ok(again.json.actions.some((a) => a.op === "keep" && a.path === "AGENTS.md"));
    assert.ok(isExecutable(join(project, "AGENTS.md")), "the reinstall kept the mode");
    assert.equal((await status(project)).status, 1, "still reported");

    const before = stamps(project);
    const v2 = bundle("2.0.0", "# rules v2\n", "#!/bin/sh\necho v1\n");
    const upgrade = await install(v2, project);
    assert.equal(upgrade.status, 1, upgrade.stderr);
    assert.match(upgrade.stderr, /AGENTS\.md: had its mode changed since agentc installed it \(chmod\)/);
    assert.deepEqual(stamps(project), before, "nothing was written");

    const aside = await install(v2, project, "--move-aside");
    assert.equal(aside.status, 0, aside.stderr);
    const snap = snapshot(project);
    assert.equal(snap["AGENTS.md.agentc-old"], "file x # rules v1\n");
    assert.equal(snap["AGENTS.md"], "file - # rules v2\n");
  });

  it("chmod -x on an installed program: kept by an upgrade that leaves it, and by uninstall", async () => {
    const project = testdir({ "README.md": "mine\n" });
    assert.equal((await install(v1(), project)).status, 0);
    chmodSync(join(project, "tools/run.sh"), 0o644);
    const v2 = bundle("2.0.0", "# rules v2\n", "#!/bin/sh\necho v1\n");
    const upgrade = await installJson(v2, project);
    assert.equal(upgrade.status, 0, upgrade.stderr);
    assert.ok(upgrade.json.actions.some((a) => a.op === "keep" && a.path === "tools/run.sh"));
    assert.equal(snapshot(project)["tools/run.sh"], "file - #!/bin/sh\necho v1\n");
    assert.match((await status(project)).stdout, /modified +tools\/run\.sh: executable bit changed/);

    const gone = await runAgentc(["uninstall", "--project", project]);
    assert.equal(gone.status, 0, gone.stderr);
    assert.match(gone.stdout, /keep +tools\/run\.sh/);
    assert.deepEqual(snapshot(project), {
      "README.md": "file - mine\n",
      tools: "dir",
      "tools/run.sh": "file - #!/bin/sh\necho v1\n",
    });
  });

  it("agentc's own change of the executable bit is an update, not a conflict", async () => {
    const project = testdir();
    assert.equal((await install(v1(), project)).status, 0);
    const v2 = bundle("2.0.0", "# rules v1\n", "#!/bin/sh\necho v1\n", false);
    const upgrade = await install(v2, project);
    assert.equal(upgrade.status, 0, upgrade.stderr);
    assert.equal(isExecutable(join(project, "tools/run.sh")), false);
    assert.equal((await status(project)).status, 0);
  });

  it("a seed made executable is the person's: the new version goes beside it", async () => {
    const project = testdir();
    assert.equal((await install(v1(), project)).status, 0);
    chmodSync(join(project, "docs/notes.md"), 0o755);
    const v2 = bundle("2.0.0", "# rules v1\n", "#!/bin/sh\necho v1\n");
    const upgrade = await install(v2, project);
    assert.equal(upgrade.status, 0, upgrade.stderr);
    const snap = snapshot(project);
    assert.equal(snap["docs/notes.md"], "file x seed 1.0.0\n");
    assert.equal(snap["docs/notes.md.agentc-new"], "file - seed 2.0.0\n");
    assert.match((await status(project)).stdout, /seed-edited +docs\/notes\.md/);
  });

  it("a link fallback copy made executable is kept by uninstall", async () => {
    const project = testdir();
    const env = { AGENTC_FORCE_SYMLINK_EPERM: "1" };
    assert.equal(runCliProcess(["install", v1(), "--project", project, "--yes"], { env }).status, 0);
    assert.equal(snapshot(project)["CLAUDE.md"], "file - # rules v1\n");
    chmodSync(join(project, "CLAUDE.md"), 0o755);
    assert.match((await status(project)).stdout, /modified +CLAUDE\.md: executable bit changed/);
    const gone = await runAgentc(["uninstall", "--project", project]);
    assert.equal(gone.status, 0, gone.stderr);
    assert.deepEqual(snapshot(project), { "CLAUDE.md": "file x # rules v1\n" });
  });
});
