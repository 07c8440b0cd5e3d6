import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { unzipSync } from "fflate";
import { readZipDirectory } from "../../src/install/bundle/zip-directory.js";
import { defaultArchiveLimits } from "../../src/shared/zip/archive-limits.js";
import { fixedDosDate } from "../../src/shared/zip/zip-format.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";
import { type BuildFixture, makeBuildDir } from "../support/zip-fixtures.js";

const fixture: BuildFixture = {
  files: {
    "AGENTS.md": "# Rules\n",
    ".github/copilot-instructions.md": "copilot\n",
    ".github/instructions/a.instructions.md": "scoped\n",
    ".claude/hooks/guard.sh": "#!/bin/sh\nexit 2\n",
    "b/big.txt": "line of text\n".repeat(5000),
  },
  executables: [".claude/hooks/guard.sh"],
  rewrites: [".github :: github-dir"],
};

async function pack(buildDir: string, out: string) {
  const result = await runAgentc(["pack", buildDir, "--out", out]);
  assert.equal(result.status, 0, result.stderr);
  return readFileSync(out);
}

describe("agentc pack", () => {
  it("writes byte-identical bundles from the same build folder, with a sha256sum-style checksum file", async () => {
    const build = makeBuildDir(fixture);
    const out = testdir();
    const first = await pack(build, join(out, "one.zip"));
    const second = await pack(build, join(out, "two.zip"));
    assert.ok(first.equals(second));
    const hex = createHash("sha256").update(first).digest("hex");
    assert.equal(readFileSync(join(out, "one.zip.sha256"), "utf8"), `${hex}  one.zip\n`);
  });

  it("puts manifest.json first and unchanged, then the published names in code-point order", async () => {
    const build = makeBuildDir(fixture);
    const zip = join(testdir(), "bundle.zip");
    const files = unzipSync(await pack(build, zip));
    assert.deepEqual(Object.keys(files), [
      "manifest.json",
      ".claude/hooks/guard.sh",
      "AGENTS.md",
      "b/big.txt",
      "github-dir/copilot-instructions.md",
      "github-dir/instructions/a.instructions.md",
    ]);
    assert.ok(Buffer.from(files["manifest.json"] ?? []).equals(readFileSync(join(build, "manifest.json"))));
    assert.equal(Buffer.from(files["github-dir/copilot-instructions.md"] ?? []).toString(), "copilot\n");
  });

  it("fixes every entry's time to 1980-01-01 and its mode to 0644, or 0755 for executables", async () => {
    const zip = join(testdir(), "bundle.zip");
    await pack(makeBuildDir(fixture), zip);
    const directory = readZipDirectory(zip, defaultArchiveLimits);
    const modes = Object.fromEntries(
      directory.entries.map((e) => [e.name, (e.externalAttributes >>> 16).toString(8)]),
    );
    assert.equal(modes[".claude/hooks/guard.sh"], "100755");
    assert.equal(modes["AGENTS.md"], "100644");
    const bytes = readFileSync(zip);
    for (const entry of directory.entries) {
      assert.equal(bytes.readUInt16LE(entry.localOffset + 10), 0, "time 00:00");
      assert.equal(bytes.readUInt16LE(entry.localOffset + 12), fixedDosDate, "date 1980-01-01");
    }
    assert.ok(!directory.entries.some((e) => e.name.endsWith("/")), "no directory entries");
  });

  it("writes bundle.zip beside the build folder by default", async () => {
    const build = makeBuildDir(fixture);
    const result = await runAgentc(["pack", build]);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(existsSync(join(dirname(build), "bundle.zip")));
    assert.ok(existsSync(join(dirname(build), "bundle.zip.sha256")));
    assert.match(result.stdout, /packed 6 files/);
  });

  it("packs the real build of the example registry the same way twice", async () => {
    const build = join(testdir(), "build");
    assert.equal((await runAgentc(["build", "examples/registry", "--out", build, "--quiet"])).status, 0);
    const out = testdir();
    assert.ok((await pack(build, join(out, "a.zip"))).equals(await pack(build, join(out, "b.zip"))));
  });

  it("refuses a build folder edited after the build, naming the file", async () => {
    const build = makeBuildDir(fixture);
    writeFileSync(join(build, "AGENTS.md"), "edited\n");
    const result = await runAgentc(["pack", build, "--out", join(testdir(), "x.zip")]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /AGENTS\.md does not match its hash in manifest\.json/);
    assert.match(result.stderr, /hint: run 'agentc build' again/);
    assert.doesNotMatch(result.stderr, /at .*\.js:\d+/, "no stack trace");
  });

  it("refuses a folder without manifest.json", async () => {
    const result = await runAgentc(["pack", testdir({ "a.md": "x" }), "--out", join(testdir(), "x.zip")]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /holds no manifest\.json, so it is not a build folder/);
  });

  it("refuses a rewrite the installer could not reverse", async () => {
    const build = makeBuildDir({
      files: { ".github/a.md": "a", "github-dir/b.md": "b" },
      rewrites: [".github :: github-dir"],
    });
    const out = join(testdir(), "x.zip");
    const result = await runAgentc(["pack", build, "--out", out]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /github-dir\/b\.md already uses the published name "github-dir"/);
    assert.ok(!existsSync(out) && !existsSync(`${out}.sha256`));
  });

  it("reports an --out folder that cannot be made with a hint, not a stack trace", async () => {
    const file = join(testdir({ "a-file": "x" }), "a-file");
    const result = await runAgentc(["pack", makeBuildDir(fixture), "--out", join(file, "dir/x.zip")]);
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /cannot make the folder \S+a-file\/dir \(ENOTDIR\)[\s\S]*hint: choose an --out you can write to/,
    );
  });

  it("reports in JSON", async () => {
    const out = join(testdir(), "x.zip");
    const result = await runAgentc(["pack", makeBuildDir(fixture), "--out", out, "--format", "json"]);
    const report = JSON.parse(result.stdout) as { ok: boolean; sha256: string; entries: number };
    assert.equal(report.ok, true);
    assert.equal(report.entries, 6);
    assert.equal(report.sha256, createHash("sha256").update(readFileSync(out)).digest("hex"));
  });
});
