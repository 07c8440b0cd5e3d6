import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

let build = "";
before(async () => {
  build = join(testdir(), "build");
  const built = await runAgentc(["build", "examples/registry", "--out", build, "--quiet"]);
  assert.equal(built.status, 0, built.stderr);
});

async function pack(out: string): ReturnType<typeof runAgentc> {
  return runAgentc(["pack", build, "--out", out]);
}

describe("pack --out", () => {
  it("a path ending in / is a folder, made when missing", async () => {
    const out = join(testdir(), "dist2");
    const result = await pack(`${out}/`);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(statSync(join(out, "bundle.zip")).isFile());
    assert.ok(statSync(join(out, "bundle.zip.sha256")).isFile());
  });

  it("an existing folder is a folder", async () => {
    const out = testdir();
    assert.equal((await pack(out)).status, 0);
    assert.ok(existsSync(join(out, "bundle.zip")));
  });

  it("a missing path that names no .zip is refused, and no zip named like a folder is written", async () => {
    const parent = testdir();
    const result = await pack(join(parent, "missing", "dist"));
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      /--out \S+dist is neither an existing folder nor a \.zip file name; write \S+dist\/ for a folder/,
    );
    assert.ok(!existsSync(join(parent, "missing")));
  });

  it("a .zip in a missing folder is written there", async () => {
    const zip = join(testdir(), "a", "b", "team.zip");
    assert.equal((await pack(zip)).status, 0);
    assert.match(readFileSync(`${zip}.sha256`, "utf8"), /^[0-9a-f]{64} {2}team\.zip\n$/);
  });
});

describe("--integrity takes what pack writes", () => {
  it("the .sha256 file's line, and its bare hex; a wrong one is refused before anything is written", async () => {
    const out = testdir();
    assert.equal((await pack(out)).status, 0);
    const zip = join(out, "bundle.zip");
    const line = readFileSync(`${zip}.sha256`, "utf8").trim();
    const install = (project: string, integrity: string) =>
      runAgentc(["install", zip, "--project", project, "--yes", "--integrity", integrity]);
    for (const integrity of [line, line.slice(0, 64), line.slice(0, 64).toUpperCase()]) {
      const project = testdir();
      const result = await install(project, integrity);
      assert.equal(result.status, 0, `${integrity}: ${result.stderr}`);
      assert.ok(existsSync(join(project, ".agentc", "installed.json")));
    }
    const project = testdir();
    const wrong = await install(project, `${"0".repeat(64)}  bundle.zip`);
    assert.equal(wrong.status, 1);
    assert.match(wrong.stderr, /but 0{64} was expected/);
    assert.ok(!existsSync(join(project, ".agentc")));
  });

  it("anything else says which forms it takes", async () => {
    const out = testdir();
    assert.equal((await pack(out)).status, 0);
    const zip = join(out, "bundle.zip");
    const result = await runAgentc(["install", zip, "--project", testdir(), "--integrity", "abc123"]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /"abc123" is not a sha256 integrity string/);
    assert.match(result.stderr, /cat bundle\.zip\.sha256/);
  });
});

describe("status with a bundle that is not a folder", () => {
  it("compares with a zip", async () => {
    const out = testdir();
    assert.equal((await pack(out)).status, 0);
    const project = testdir();
    assert.equal((await runAgentc(["install", build, "--project", project, "--yes", "--quiet"])).status, 0);
    const same = await runAgentc(["status", join(out, "bundle.zip"), "--project", project, "--check"]);
    assert.equal(same.status, 0, same.stderr);
    assert.match(same.stdout, /no drift/);
    assert.doesNotMatch(same.stdout + same.stderr, /ENOTDIR/);
  });

  it("a zip it cannot open, or one that does not exist, is exit 2 with a message", async () => {
    const project = testdir();
    assert.equal((await runAgentc(["install", build, "--project", project, "--yes", "--quiet"])).status, 0);
    const junk = join(testdir(), "bundle.zip");
    writeFileSync(junk, "not a zip\n");
    const broken = await runAgentc(["status", junk, "--project", project]);
    assert.equal(broken.status, 2);
    assert.match(broken.stderr, /agentc status: \S+bundle\.zip: it is not a zip archive/);
    const missing = await runAgentc(["status", join(project, "gone.zip"), "--project", project]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /gone\.zip does not exist/);
  });

  it("a URL that cannot be reached is exit 2 with a message", async () => {
    const project = testdir();
    mkdirSync(join(project, "sub"));
    const result = await runAgentc(["status", "http://127.0.0.1:9/bundle.zip", "--project", project]);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /agentc status: .*127\.0\.0\.1:9/);
  });
});
