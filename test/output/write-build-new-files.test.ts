import assert from "node:assert/strict";
import { lstatSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { EmittedFile, EmittedTree } from "../../src/emit/emitted-tree.js";
import type { Manifest } from "../../src/manifest/manifest-model.js";
import { writeBuild } from "../../src/output/write-build.js";
import { sha256 } from "../../src/shared/hash.js";
import { testdir } from "../support/testdir.js";

function emitted(path: string, text: string, executable = false): EmittedFile {
  return { path, bytes: Buffer.from(text), component: "x", role: "scoped", rules: [], executable };
}

const tree: EmittedTree = {
  files: [
    emitted(".skills/a-rule/SKILL.md", "# A rule\n"),
    emitted(".skills/b-rule/SKILL.md", "# B rule\n"),
    emitted("bin/guard.mjs", "console.log(1)\n", true),
  ],
  composed: [],
  capabilities: [],
};
function manifestOf(files: EmittedTree): Manifest {
  return {
    version: 1,
    artifacts: files.files.map((f) => f.path),
    install: { artifact_hashes: files.files.map((f) => `${f.path} :: ${sha256(f.bytes)}`) },
  } as unknown as Manifest;
}
const manifest = manifestOf(tree);

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

describe("writeBuild: files that do not exist yet", () => {
  it("creates them with their bytes and modes, in new folders, leaving no temporary file", () => {
    const out = join(testdir(), "out");
    const report = writeBuild(out, tree, manifest);
    assert.deepEqual(report.written, [...tree.files.map((f) => f.path), "manifest.json"]);
    assert.deepEqual(allFiles(out), [
      ".skills/a-rule/SKILL.md",
      ".skills/b-rule/SKILL.md",
      "bin/guard.mjs",
      "manifest.json",
    ]);
    assert.equal(readFileSync(join(out, ".skills/b-rule/SKILL.md"), "utf8"), "# B rule\n");
    assert.equal(lstatSync(join(out, "bin/guard.mjs")).mode & 0o777, 0o755);
    assert.equal(lstatSync(join(out, ".skills/a-rule/SKILL.md")).mode & 0o111, 0);
  });

  it("replaces a file or symlink already at the path instead of writing through it", () => {
    const root = testdir({ "outside.txt": "keep me\n" });
    const out = join(root, "out");
    const earlier = { files: [emitted("bin/guard.mjs", "old\n")], composed: [], capabilities: [] };
    writeBuild(out, earlier, manifestOf(earlier));
    symlinkSync(join(root, "outside.txt"), join(out, "link-target"));
    const withLink = {
      files: [...tree.files, emitted("link-target", "new\n")],
      composed: [],
      capabilities: [],
    };
    writeBuild(out, withLink, manifestOf(withLink));
    assert.equal(readFileSync(join(root, "outside.txt"), "utf8"), "keep me\n");
    assert.ok(lstatSync(join(out, "link-target")).isFile());
    assert.equal(readFileSync(join(out, "bin/guard.mjs"), "utf8"), "console.log(1)\n");
    assert.ok(!allFiles(out).some((p) => p.includes("agentc-tmp")));
  });

  it("writes nothing on a second run with the same tree", () => {
    const out = join(testdir(), "out");
    writeBuild(out, tree, manifest);
    writeFileSync(join(out, "unrelated.txt"), "mine\n");
    const again = writeBuild(out, tree, manifest);
    assert.deepEqual(again.written, []);
    assert.equal(readFileSync(join(out, "unrelated.txt"), "utf8"), "mine\n");
  });
});
