import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import semver from "semver";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

const script = join(packageRoot, "scripts", "test-prerequisites.sh");
const everyPackage =
  "docker-registry skopeo openssl dash busybox chromium git bubblewrap socat pre-commit neovim util-linux iproute2";

/** Where `command -v` looks for a program (sh's own builtins aside). */
function which(name: string): string {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  assert.ok(found, `${name} is not on PATH`);
  return found;
}

/**
 * A PATH holding only what the script itself runs (and `extra`), so that every program the tests need is
 * missing. `id` and `apt-get` may be stand-ins: a user id to report, an apt-get that only records its
 * arguments (the real one would change this machine and need the network).
 */
function bareSystem(options: { uid?: number; aptGet?: boolean } = {}): { path: string; calls: string } {
  const dir = testdir();
  for (const tool of ["sh", "mktemp", "rm", "tail"]) symlinkSync(which(tool), join(dir, tool));
  const calls = join(dir, "apt-get.calls");
  if (options.uid === undefined) symlinkSync(which("id"), join(dir, "id"));
  else writeStandIn(join(dir, "id"), `echo ${options.uid}`);
  if (options.aptGet) writeStandIn(join(dir, "apt-get"), `echo "$*" >> ${calls}`);
  return { path: dir, calls };
}

function writeStandIn(file: string, body: string): void {
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
}

function runScript(path: string) {
  return spawnSync(join(path, "sh"), [script], { env: { PATH: path }, encoding: "utf8" });
}

describe("npm test's pretest: the system programs the tests drive", () => {
  it("with every one present (as on this machine), it prints nothing", () => {
    const run = spawnSync("sh", [script], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout + run.stderr, "");
  });

  it("without apt-get, it stops at once: one line naming the packages and the command that installs them", () => {
    const { path } = bareSystem({ uid: 0 });
    const run = runScript(path);
    assert.equal(run.status, 1);
    assert.equal(run.stdout, "");
    assert.equal(
      run.stderr,
      `npm test needs these system packages: ${everyPackage}; install them first: sudo apt-get install -y --no-install-recommends ${everyPackage}\n`,
    );
  });

  it("as a user who is not root, it names them and installs nothing", () => {
    const { path, calls } = bareSystem({ uid: 1000, aptGet: true });
    const run = runScript(path);
    assert.equal(run.status, 1);
    assert.equal(run.stderr.split("\n").filter(Boolean).length, 1);
    assert.doesNotMatch(run.stderr, /util-linux|iproute2/, "the network namespace is root's only");
    assert.throws(() => readFileSync(calls), "apt-get was not run");
  });

  it("as root with apt-get, as CI runs, it installs the missing packages", () => {
    const { path, calls } = bareSystem({ uid: 0, aptGet: true });
    const run = runScript(path);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, `npm test: installing the system packages the tests need: ${everyPackage}\n`);
    assert.equal(readFileSync(calls, "utf8"), `update\ninstall -y --no-install-recommends ${everyPackage}\n`);
  });
});

describe("npm install: short and honest on Node 20", () => {
  /**
   * The repository's package.json, lockfile and .npmrc in a folder, and `npm ci --dry-run --loglevel=warn` of
   * them: what an install prints with its warnings, offline. One run for all tests: at the level .npmrc sets,
   * npm prints the same lines but the warnings. npm's review of install scripts (allowScripts) takes 10 s of
   * its CPU on this tree, so `npm test` runs it with --ignore-scripts and checks the lockfile against
   * allowScripts instead; `npm run test:npm-install` (AGENTC_NPM_INSTALL=full) has npm review them.
   */
  const npmReviews = process.env.AGENTC_NPM_INSTALL === "full";
  let dryRun: { dir: string; lines: string[] } | undefined;
  function dryInstall() {
    if (dryRun) return dryRun;
    const dir = testdir();
    for (const file of ["package.json", "package-lock.json", ".npmrc"])
      copyFileSync(join(packageRoot, file), join(dir, file));
    const run = spawnSync(
      "npm",
      [
        "ci",
        "--dry-run",
        "--offline",
        "--cache",
        join(dir, "cache"),
        "--loglevel=warn",
        ...(npmReviews ? [] : ["--ignore-scripts"]),
      ],
      {
        cwd: dir,
        encoding: "utf8",
      },
    );
    assert.equal(run.status, 0, run.stderr);
    const lines = `${run.stdout}${run.stderr}`
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("add "));
    dryRun = { dir, lines };
    return dryRun;
  }

  it("prints no warning: the assistants' CLIs want Node 22 in their engines but run on Node 20", () => {
    const { dir, lines } = dryInstall();
    const level = spawnSync("npm", ["config", "get", "loglevel"], { cwd: dir, encoding: "utf8" });
    assert.equal(level.stdout.trim(), "error", "the project's .npmrc keeps npm to its errors");
    assert.deepEqual(
      lines.filter((line) => line.startsWith("npm ") && !line.startsWith("npm warn ")),
      [],
    );
  });

  it("the engine warnings are there for whoever asks, and no package's install script is unreviewed", () => {
    const { lines } = dryInstall();
    assert.ok(
      lines.some((line) => line.startsWith("npm warn EBADENGINE")),
      lines.join("\n"),
    );
    assert.deepEqual(
      lines.filter((line) => line.includes("install-scripts")),
      [],
    );
    if (!npmReviews) assert.deepEqual(unreviewedInLockfile(), []);
  });
});

/**
 * The packages of the lockfile with an install script that allowScripts neither allows nor denies, as npm
 * reviews them: an optional package this Node cannot install (its engines want another) runs nothing. Stricter
 * than npm for an optional package of another platform (os, cpu): it counts.
 */
function unreviewedInLockfile(): string[] {
  const manifest = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as {
    allowScripts: Record<string, boolean>;
  };
  const lock = JSON.parse(readFileSync(join(packageRoot, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockedPackage>;
  };
  return Object.entries(lock.packages).flatMap(([path, locked]) => {
    const name = locked.name ?? path.split("node_modules/").at(-1) ?? path;
    if (!locked.hasInstallScript || locked.inBundle || Object.hasOwn(manifest.allowScripts, name)) return [];
    const engine = locked.engines?.node;
    const runsHere = engine === undefined || semver.satisfies(process.versions.node, engine);
    return locked.optional && !runsHere ? [] : [`${name}@${locked.version}`];
  });
}

interface LockedPackage {
  name?: string;
  version?: string;
  hasInstallScript?: boolean;
  inBundle?: boolean;
  optional?: boolean;
  engines?: { node?: string };
}
