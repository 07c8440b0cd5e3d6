import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { packageRoot } from "../../src/shared/package-paths.js";
import { binPath } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";
import { cleanProject, driftedProject } from "./projects.js";

const hooksFile = join(packageRoot, ".pre-commit-hooks.yaml");
const gitEnv = {
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  GIT_CONFIG_NOSYSTEM: "1",
};

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, ...gitEnv, ...env } });
}

function git(cwd: string, ...args: string[]): string {
  const result = run("git", args, cwd);
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim();
}

/** A repository holding only the hook definitions, as pre-commit clones it (a path on this filesystem). */
function hookRepository(): { path: string; rev: string } {
  const path = testdir();
  copyFileSync(hooksFile, join(path, ".pre-commit-hooks.yaml"));
  git(path, "init", "-q", "-b", "main");
  git(path, "add", ".");
  git(path, "commit", "-q", "-m", "hooks");
  return { path, rev: git(path, "rev-parse", "HEAD") };
}

/**
 * A project under git that uses the hook: agentc is its dev dependency (node_modules/.bin/agentc runs this
 * package's CLI), and its .pre-commit-config.yaml names the hook repository at a commit.
 */
function project(files: Record<string, string>, hooks: { path: string; rev: string }): string {
  const dir = testdir({
    ...files,
    ".gitignore": "node_modules/\n",
    ".pre-commit-config.yaml": `repos:\n  - repo: ${hooks.path}\n    rev: ${hooks.rev}\n    hooks:\n      - id: agentc-lint-system\n`,
  });
  mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
  const bin = join(dir, "node_modules", ".bin", "agentc");
  writeFileSync(bin, `#!/bin/sh\nexec "${process.execPath}" "${binPath}" "$@"\n`);
  chmodSync(bin, 0o755);
  git(dir, "init", "-q", "-b", "main");
  git(dir, "add", ".");
  return dir;
}

describe("agentc lint as a pre-commit hook, run by Debian's pre-commit", () => {
  it("has hook definitions pre-commit accepts", () => {
    const result = run("pre-commit", ["validate-manifest", hooksFile], packageRoot);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    const ids = parse(readFileSync(hooksFile, "utf8")).map((hook: { id: string }) => hook.id);
    assert.deepEqual(ids, ["agentc-lint", "agentc-lint-system"]);
  });

  it("stops a commit whose assistant files have an error, showing the findings", () => {
    const hooks = hookRepository();
    const dir = project(driftedProject, hooks);
    const home = testdir();
    const result = run("pre-commit", ["run", "--all-files"], dir, { PRE_COMMIT_HOME: home });
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.match(result.stdout, /agentc lint\.+Failed/);
    assert.match(result.stdout, /\.claude\/skills\/deploy\/SKILL\.md:1:1: error AGC201/);
    const installed = run("pre-commit", ["install"], dir, { PRE_COMMIT_HOME: home });
    assert.equal(installed.status, 0, installed.stderr);
    const commit = run("git", ["commit", "-q", "-m", "drifted"], dir, { PRE_COMMIT_HOME: home });
    assert.notEqual(commit.status, 0, "the hook stops the commit");
    assert.equal(run("git", ["rev-parse", "--verify", "HEAD"], dir).status, 128, "nothing was committed");
  });

  it("lets a clean project's commit through", () => {
    const hooks = hookRepository();
    const dir = project(cleanProject, hooks);
    const home = testdir();
    assert.equal(run("pre-commit", ["install"], dir, { PRE_COMMIT_HOME: home }).status, 0);
    const commit = run("git", ["commit", "-q", "-m", "clean"], dir, { PRE_COMMIT_HOME: home });
    assert.equal(commit.status, 0, commit.stdout + commit.stderr);
    assert.match(commit.stdout + commit.stderr, /agentc lint\.+Passed/);
  });
});
