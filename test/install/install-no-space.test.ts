import assert from "node:assert/strict";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { makeBundle, snapshot } from "../support/install-fixture.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";
import { fillUp, release, smallDisk } from "../support/small-disk.js";
import { testdir } from "../support/testdir.js";
import { makeBuildDir } from "../support/zip-fixtures.js";

/**
 * Issue 15, finding 10: a full disk is reported as "no space left", never as a damaged bundle or an internal
 * error, and the project is left as it was. The disk is a real size-limited tmpfs (support/small-disk.ts).
 */

const disk = smallDisk(1024);
const noTrace = /at .*\.js:\d+|internal/;
const leftovers = (dir: string): string[] =>
  Object.keys(snapshot(dir)).filter((p) => /journal|agentc-tmp|\.agentc\/lock/.test(p));

function projectOnDisk(name: string): string {
  const project = join(disk.dir as string, name);
  mkdirSync(project);
  writeFileSync(join(project, "README.md"), "mine\n");
  return project;
}

const big = "x".repeat(2 * 1024 * 1024);

describe("no space left while installing (apply)", { skip: disk.skip }, () => {
  it("a fresh install of a file larger than the disk: exit 1, said as such, the project as it was", async () => {
    const project = projectOnDisk("fresh");
    const bundle = makeBundle({
      components: { base: { files: { "AGENTS.md": "# rules\n", "big.bin": big } } },
    });
    const before = snapshot(project);
    const result = await runAgentc(["install", bundle, "--project", project, "--yes"]);
    assert.equal(result.status, 1, result.stderr);
    assert.match(
      result.stderr,
      /no space left on the device \(writing big\.bin\); every change was rolled back/,
    );
    assert.match(result.stderr, /install failed \(no-space\)/);
    assert.doesNotMatch(result.stderr, noTrace);
    assert.deepEqual(snapshot(project), before);
    const status = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(status.status, 0, status.stdout);
    assert.match(status.stdout, /nothing is installed here/);
  });

  it("an upgrade on a disk that is nearly full: the previous version stays whole", async () => {
    const project = projectOnDisk("upgrade");
    const v1 = makeBundle({ components: { base: { files: { "AGENTS.md": "# v1\n", "a.md": "a1\n" } } } });
    const v2 = makeBundle({
      version: "2.0.0",
      components: {
        base: { files: { "AGENTS.md": "# v2\n", "a.md": "a2\n", "b.md": "b".repeat(64 * 1024) } },
      },
    });
    assert.equal((await runAgentc(["install", v1, "--project", project, "--yes"])).status, 0);
    const before = snapshot(project);
    const filler = join(disk.dir as string, "filler");
    fillUp(filler);
    const result = await runAgentc(["install", v2, "--project", project, "--yes"]);
    release(filler);
    assert.equal(result.status, 1, result.stderr);
    assert.match(
      result.stderr,
      /no space left on the device \(writing [^)]+\); every change was rolled back/,
    );
    assert.doesNotMatch(result.stderr, noTrace);
    assert.deepEqual(snapshot(project), before);
    assert.deepEqual(leftovers(project), []);
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
    assert.equal(
      (await runAgentc(["install", v2, "--project", project, "--yes"])).status,
      0,
      "with room again it installs",
    );
  });
});

describe("no space left while unpacking a bundle zip", { skip: disk.skip }, () => {
  it("the temporary folder runs full: said as such, not 'damaged', nothing left behind", async () => {
    const build = makeBuildDir({
      // letters from a fixed generator: the disk runs full in the middle of a deflate block
      files: { "AGENTS.md": "# rules\n", "letters.txt": letters(3 * 1024 * 1024) },
    });
    const zip = join(testdir(), "bundle.zip");
    assert.equal((await runAgentc(["pack", build, "--out", zip])).status, 0);
    const tmp = join(disk.dir as string, "tmp");
    mkdirSync(tmp);
    const project = testdir({ "README.md": "mine\n" });
    const before = snapshot(project);
    const result = runCliProcess(["install", zip, "--project", project, "--yes"], { env: { TMPDIR: tmp } });
    assert.equal(result.status, 1, result.stderr);
    assert.match(
      result.stderr,
      /cannot unpack the bundle: no space left on the device \(writing .*letters\.txt\); nothing was installed/,
    );
    assert.match(result.stderr, /hint: free some space in the temporary folder/);
    assert.doesNotMatch(result.stderr, /damaged|tampered/);
    assert.doesNotMatch(result.stderr, noTrace);
    assert.deepEqual(snapshot(project), before);
    assert.deepEqual(readdirSync(tmp), [], "the staging folder is removed");
  });
});

function letters(n: number): Buffer {
  const out = Buffer.alloc(n);
  let seed = 1;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    out[i] = 97 + (seed % 8);
  }
  return out;
}
