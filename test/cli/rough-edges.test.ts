import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

let build = "";
before(() => {
  build = join(testdir(), "build");
  const built = runCli(["build", "examples/registry", "--out", build, "--quiet"]);
  assert.equal(built.status, 0, built.stderr);
});

function pack(out: string): ReturnType<typeof runCli> {
  return runCli(["pack", build, "--out", out]);
}

describe("pack --out", () => {
  it("a path ending in / is a folder, made when missing", () => {
    const out = join(testdir(), "dist2");
    const result = pack(`${out}/`);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(statSync(join(out, "bundle.zip")).isFile());
    assert.ok(statSync(join(out, "bundle.zip.sha256")).isFile());
  });

  it("an existing folder is a folder", () => {
    const out = testdir();
    assert.equal(pack(out).status, 0);
    assert.ok(existsSync(join(out, "bundle.zip")));
  });

  it("a missing path that names no .zip is refused, and no zip named like a folder is written", () => {
    const parent = testdir();
    const result = pack(join(parent, "missing", "dist"));
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      /--out \S+dist is neither an existing folder nor a \.zip file name; write \S+dist\/ for a folder/,
    );
    assert.ok(!existsSync(join(parent, "missing")));
  });

  it("a .zip in a missing folder is written there", () => {
    const zip = join(testdir(), "a", "b", "team.zip");
    assert.equal(pack(zip).status, 0);
    assert.match(readFileSync(`${zip}.sha256`, "utf8"), /^[0-9a-f]{64} {2}team\.zip\n$/);
  });
});

describe("--integrity takes what pack writes", () => {
  it("the .sha256 file's line, and its bare hex; a wrong one is refused before anything is written", () => {
    const out = testdir();
    assert.equal(pack(out).status, 0);
    const zip = join(out, "bundle.zip");
    const line = readFileSync(`${zip}.sha256`, "utf8").trim();
    for (const integrity of [line, line.slice(0, 64), line.slice(0, 64).toUpperCase()]) {
      const project = testdir();
      const result = runCli(["install", zip, "--project", project, "--yes", "--integrity", integrity]);
      assert.equal(result.status, 0, `${integrity}: ${result.stderr}`);
      assert.ok(existsSync(join(project, ".agentc", "installed.json")));
    }
    const project = testdir();
    const wrong = runCli([
      "install",
      zip,
      "--project",
      project,
      "--yes",
      "--integrity",
      `${"0".repeat(64)}  bundle.zip`,
    ]);
    assert.equal(wrong.status, 1);
    assert.match(wrong.stderr, /but 0{64} was expected/);
    assert.ok(!existsSync(join(project, ".agentc")));
  });

  it("anything else says which forms it takes", () => {
    const out = testdir();
    assert.equal(pack(out).status, 0);
    const zip = join(out, "bundle.zip");
    const result = runCli(["install", zip, "--project", testdir(), "--integrity", "abc123"]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /"abc123" is not a sha256 integrity string/);
    assert.match(result.stderr, /cat bundle\.zip\.sha256/);
  });
});

describe("status with a bundle that is not a folder", () => {
  it("compares with a zip", () => {
    const out = testdir();
    assert.equal(pack(out).status, 0);
    const project = testdir();
    assert.equal(runCli(["install", build, "--project", project, "--yes", "--quiet"]).status, 0);
    const same = runCli(["status", join(out, "bundle.zip"), "--project", project, "--check"]);
    assert.equal(same.status, 0, same.stderr);
    assert.match(same.stdout, /no drift/);
    assert.doesNotMatch(same.stdout + same.stderr, /ENOTDIR/);
  });

  it("a zip it cannot open, or one that does not exist, is exit 2 with a message", () => {
    const project = testdir();
    assert.equal(runCli(["install", build, "--project", project, "--yes", "--quiet"]).status, 0);
    const junk = join(testdir(), "bundle.zip");
    writeFileSync(junk, "not a zip\n");
    const broken = runCli(["status", junk, "--project", project]);
    assert.equal(broken.status, 2);
    assert.match(broken.stderr, /agentc status: \S+bundle\.zip: it is not a zip archive/);
    const missing = runCli(["status", join(project, "gone.zip"), "--project", project]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /gone\.zip does not exist/);
  });

  it("a URL that cannot be reached is exit 2 with a message", () => {
    const project = testdir();
    mkdirSync(join(project, "sub"));
    const result = runCli(["status", "http://127.0.0.1:9/bundle.zip", "--project", project]);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /agentc status: .*127\.0\.0\.1:9/);
  });
});
