import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runMain } from "../support/run-main.js";
import { testdir } from "../support/testdir.js";

let build = "";
before(async () => {
  build = join(testdir(), "build");
  const built = await runMain([
    "build",
    join(packageRoot, "examples", "registry"),
    "--out",
    build,
    "--quiet",
  ]);
  assert.equal(built.status, 0, built.stderr);
});

/** A new git repository with one commit, so that `git status` lists only what the install adds. */
function repository(): string {
  const dir = testdir({ "README.md": "ours\n" });
  const git = (...args: string[]) => {
    const run = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
      cwd: dir,
      encoding: "utf8",
    });
    assert.equal(run.status, 0, run.stderr);
    return run.stdout;
  };
  git("init", "--quiet");
  git("add", "README.md");
  git("commit", "--quiet", "-m", "start");
  return dir;
}

const untracked = (dir: string): string[] =>
  spawnSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: dir, encoding: "utf8" })
    .stdout.split("\n")
    .filter((line) => line.includes(".agentc/"));

describe(".agentc/stat-cache.json stays out of git", () => {
  it("install writes .agentc/.gitignore: git lists the record and the manifest copy, never the stat cache", async () => {
    const project = repository();
    const result = await runMain(["install", build, "--project", project, "--yes", "--components", "cursor"]);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(existsSync(join(project, ".agentc", "stat-cache.json")));
    assert.deepEqual(untracked(project), [
      "?? .agentc/.gitignore",
      "?? .agentc/installed.json",
      "?? .agentc/manifest.json",
    ]);
    assert.equal((await runMain(["status", "--project", project, "--check"])).status, 0);
    assert.equal((await runMain(["uninstall", "--project", project])).status, 0);
    assert.equal(existsSync(join(project, ".agentc")), false, "uninstall leaves nothing of .agentc/");
  });

  it("a .agentc/.gitignore of the person's own is kept as it is, and left by uninstall", async () => {
    const project = repository();
    mkdirSync(join(project, ".agentc"));
    writeFileSync(join(project, ".agentc", ".gitignore"), "*\n");
    assert.equal(
      (await runMain(["install", build, "--project", project, "--yes", "--components", "cursor"])).status,
      0,
    );
    assert.equal(readFileSync(join(project, ".agentc", ".gitignore"), "utf8"), "*\n");
    assert.equal((await runMain(["uninstall", "--project", project])).status, 0);
    assert.equal(readFileSync(join(project, ".agentc", ".gitignore"), "utf8"), "*\n");
  });
});
