import assert from "node:assert/strict";
import {
  chmodSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { durabilityBarrier } from "../../src/install/apply/durability.js";
import { ProjectWriter } from "../../src/install/apply/fs-ops.js";
import { runInstall } from "../../src/install/install-run.js";
import { makeBundle } from "../support/install-fixture.js";
import { folderLinkSpec } from "../support/install-scenarios.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const realSync = ["/usr/bin/sync", "/bin/sync"].find((p) => existsSync(p));
const linux = process.platform === "linux";

/** A `sync` first on PATH that logs its arguments, then does what the real one does (or fails: `exit 1`). */
function syncShim(then: string): { path: string; log: string } {
  const bin = testdir();
  const log = join(bin, "calls.log");
  writeFileSync(join(bin, "sync"), `#!/bin/sh\necho "$@" >> '${log}'\n${then}\n`);
  chmodSync(join(bin, "sync"), 0o755);
  return { path: `${bin}:${process.env.PATH ?? ""}`, log };
}

const calls = (log: string): string[] =>
  existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : [];

/** Every file (not link) and folder below `dir`, absolute, not following links. */
function tree(dir: string, skip: (rel: string) => boolean): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [dir];
  const visit = (abs: string, rel: string): void => {
    for (const name of readdirSync(abs)) {
      const childRel = rel ? `${rel}/${name}` : name;
      if (skip(childRel)) continue;
      const child = join(abs, name);
      const stat = lstatSync(child);
      if (stat.isDirectory()) {
        folders.push(child);
        visit(child, childRel);
      } else if (stat.isFile()) files.push(child);
    }
  };
  visit(dir, "");
  return { files: files.sort(), folders: folders.sort() };
}

describe("durability: what an install wrote is on disk before it commits", { concurrency: 1 }, () => {
  it("on Linux, one `sync -f <project>` per install and uninstall; a no-op reinstall runs none", {
    skip: !linux || !realSync ? "needs Linux and coreutils sync" : false,
  }, () => {
    const shim = syncShim(`exec ${realSync} "$@"`);
    const project = testdir({ "README.md": "mine\n" });
    const root = realpathSync(project);
    const bundle = makeBundle(folderLinkSpec(1));
    const env = { PATH: shim.path };
    assert.equal(runCliProcess(["install", bundle, "--project", project, "--yes"], { env }).status, 0);
    assert.deepEqual(calls(shim.log), [`-f ${root}`]);
    assert.equal(runCliProcess(["install", bundle, "--project", project, "--yes"], { env }).status, 0);
    assert.deepEqual(calls(shim.log), [`-f ${root}`], "the no-op wrote nothing and synced nothing");
    assert.equal(runCliProcess(["uninstall", "--project", project], { env }).status, 0);
    assert.deepEqual(calls(shim.log), [`-f ${root}`, `-f ${root}`]);
  });

  it("when `sync -f` fails, the install still completes (the per-file fallback runs instead)", async () => {
    const shim = syncShim("exit 1");
    const project = testdir();
    const r = runCliProcess(["install", makeBundle(folderLinkSpec(1)), "--project", project, "--yes"], {
      env: { PATH: shim.path, AGENTC_FORCE_SYMLINK_EPERM: "1" },
    });
    assert.equal(r.status, 0, r.stderr);
    if (linux) assert.equal(calls(shim.log).length, 1, "syncfs was tried first");
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
  });

  it("the fallback flushes every file the run wrote (under its final path) and every folder it changed", async () => {
    const big = `${"a long rule line\n".repeat(400)}`;
    const spec = folderLinkSpec(1);
    const files = spec.components.c?.files ?? {};
    const bundle = makeBundle({
      ...spec,
      components: { c: { ...spec.components.c, files: { ...files, ".claude/skills/big/SKILL.md": big } } },
    });
    const project = testdir({ "README.md": "mine\n" });
    const writer = new ProjectWriter(project);
    process.env.AGENTC_FORCE_SYMLINK_EPERM = "1";
    try {
      const r = await runInstall({
        bundleDir: bundle,
        projectDir: project,
        choice: { kind: "default" },
        moveAside: false,
        dryRun: false,
        writer,
      });
      assert.equal(r.status, "ok", r.problems.join("; "));
    } finally {
      delete process.env.AGENTC_FORCE_SYMLINK_EPERM;
    }
    const root = realpathSync(project);
    const barrier = durabilityBarrier(root, writer.changes(), "agentc-no-such-sync-command");
    assert.equal(barrier.method, "fsync");
    if (barrier.method !== "fsync") return;
    const written = tree(root, (rel) => rel === "README.md" || rel.startsWith(".agentc"));
    const ownFolder = join(root, ".agentc");
    assert.deepEqual(
      barrier.files.filter((p) => !p.startsWith(ownFolder)),
      written.files,
      "every installed file, the folder copy's under its final path",
    );
    assert.ok(written.files.includes(join(root, ".agents/skills/big/SKILL.md")));
    for (const folder of [...written.folders, join(root, ".agentc")])
      assert.ok(barrier.folders.includes(folder), `${folder} is flushed`);
    assert.equal(
      [...barrier.files, ...barrier.folders].some((p) => p.includes("agentc-tmp")),
      false,
      "temp names that were renamed or removed are not flushed",
    );
  });

  it("an install with no `sync` on PATH at all works, and so does its uninstall", () => {
    const project = testdir({ "README.md": "mine\n" });
    const env = { PATH: testdir() };
    const r = runCliProcess(["install", makeBundle(folderLinkSpec(1)), "--project", project, "--yes"], {
      env,
    });
    assert.equal(r.status, 0, r.stderr);
    const u = runCliProcess(["uninstall", "--project", project], { env });
    assert.equal(u.status, 0, u.stderr);
    assert.deepEqual(readdirSync(project), ["README.md"]);
  });
});
