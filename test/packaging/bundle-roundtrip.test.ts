import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { AgentcError, resolveBundle } from "../../src/install/bundle/resolve-bundle.js";
import { packBundle } from "../../src/packaging/bundle-zip.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";
import { type BuildFixture, leftovers, makeBuildDir, readTree } from "../support/zip-fixtures.js";
import { bytes, serve } from "../support/zip-server.js";

const fixture: BuildFixture = {
  files: {
    "AGENTS.md": "# Rules\n",
    ".github/copilot-instructions.md": "copilot\n",
    ".github/instructions/a.instructions.md": "scoped\n",
    ".claude/hooks/guard.sh": "#!/bin/sh\nexit 2\n",
    "docs/ünïcode.md": "ü\n",
    "b/big.txt": "line of text\n".repeat(50_000),
  },
  executables: [".claude/hooks/guard.sh"],
  rewrites: [".github :: github-dir"],
};

function packed() {
  const build = makeBuildDir(fixture);
  const zip = join(testdir(), "bundle.zip");
  const result = packBundle(build, zip);
  const sri = `sha256-${createHash("sha256").update(readFileSync(zip)).digest("base64")}`;
  return { build, zip, hex: result.sha256, sri };
}

describe("pack → resolveBundle round trip", () => {
  it("unpacks a local bundle into a folder identical to the build folder: bytes, modes, rewrites reversed", async () => {
    const { build, zip } = packed();
    const tempRoot = testdir();
    const bundle = await resolveBundle(zip, { tempRoot });
    assert.deepEqual(readTree(bundle.dir), readTree(build));
    assert.equal(readTree(bundle.dir)[".claude/hooks/guard.sh"]?.mode, 0o755);
    assert.equal(readTree(bundle.dir)["AGENTS.md"]?.mode, 0o644);
    assert.deepEqual(leftovers(tempRoot).length, 1);
    bundle.cleanup();
    assert.deepEqual(leftovers(tempRoot), []);
  });

  it("verifies a local bundle against --integrity in both forms, and rejects a wrong one before unpacking", async () => {
    const { zip, hex, sri } = packed();
    const tempRoot = testdir();
    for (const integrity of [sri, `sha256:${hex}`])
      (await resolveBundle(zip, { tempRoot, integrity })).cleanup();
    const wrong = `sha256:${"0".repeat(64)}`;
    await assert.rejects(
      resolveBundle(zip, { tempRoot, integrity: wrong }),
      /has sha256 [0-9a-f]{64}, but 0{64} was expected/,
    );
    await assert.rejects(
      resolveBundle(zip, { tempRoot, integrity: "md5-abc" }),
      /is not a sha256 integrity string/,
    );
    assert.deepEqual(leftovers(tempRoot), []);
  });

  it("returns a local build folder as it is, and cleanup leaves it alone", async () => {
    const { build } = packed();
    const bundle = await resolveBundle(build);
    assert.equal(bundle.dir, build);
    bundle.cleanup();
    assert.ok(readTree(build)["manifest.json"]);
  });

  it("fails with a AgentcError for a path that does not exist", async () => {
    await assert.rejects(resolveBundle(join(testdir(), "nope.zip")), (error: unknown) => {
      assert.ok(error instanceof AgentcError);
      assert.match(error.message, /does not exist/);
      assert.match(error.hint, /build folder, a bundle \.zip/);
      return true;
    });
  });

  it("downloads over loopback http using the published .sha256, reporting progress", async () => {
    const { build, zip } = packed();
    const server = await serve({
      "/v1/bundle.zip": bytes(readFileSync(zip)),
      "/v1/bundle.zip.sha256": bytes(readFileSync(`${zip}.sha256`)),
    });
    const tempRoot = testdir();
    const progress: [number, number | undefined][] = [];
    const bundle = await resolveBundle(server.url("/v1/bundle.zip"), {
      tempRoot,
      onProgress: (done, total) => progress.push([done, total]),
    });
    assert.deepEqual(readTree(bundle.dir), readTree(build));
    const size = readFileSync(zip).length;
    assert.deepEqual(progress.at(-1), [size, size]);
    assert.deepEqual(
      leftovers(join(tempRoot, leftovers(tempRoot)[0] ?? "")),
      ["bundle"],
      "the download is gone",
    );
    bundle.cleanup();
    assert.deepEqual(leftovers(tempRoot), []);
  });

  it("takes the hash from a #sha256= fragment or --integrity without fetching .sha256", async () => {
    const { zip, hex, sri } = packed();
    const server = await serve({ "/b.zip": bytes(readFileSync(zip)) });
    const tempRoot = testdir();
    (await resolveBundle(`${server.url("/b.zip")}#sha256=${hex}`, { tempRoot })).cleanup();
    (await resolveBundle(server.url("/b.zip"), { tempRoot, integrity: sri })).cleanup();
    assert.equal(server.hits.get("/b.zip.sha256"), undefined);
    await assert.rejects(
      resolveBundle(`${server.url("/b.zip")}#sha256=${"1".repeat(64)}`, { tempRoot, integrity: sri }),
      /integrity sources disagree/,
    );
    assert.deepEqual(leftovers(tempRoot), []);
  });

  it("refuses a URL bundle without any integrity source, with a hint to pass --integrity", async () => {
    const { zip } = packed();
    const server = await serve({ "/b.zip": bytes(readFileSync(zip)) });
    const tempRoot = testdir();
    await assert.rejects(resolveBundle(server.url("/b.zip"), { tempRoot }), (error: unknown) => {
      assert.ok(error instanceof AgentcError);
      assert.match(error.message, /no integrity for http:\/\/127\.0\.0\.1:\d+\/b\.zip: .*HTTP 404/);
      assert.match(error.hint, /--integrity sha256-<base64>/);
      return true;
    });
    assert.equal(server.hits.get("/b.zip"), undefined, "the bundle itself was never fetched");
    assert.deepEqual(leftovers(tempRoot), []);
  });

  it("agentc install takes an https-style URL end to end (loopback), and reports a bad one with a hint", async () => {
    const { zip } = packed();
    const server = await serve({
      "/b.zip": bytes(readFileSync(zip)),
      "/b.zip.sha256": bytes(readFileSync(`${zip}.sha256`)),
    });
    const project = testdir();
    const ok = await runAgentc(["install", server.url("/b.zip"), "--project", project, "--yes", "--all"]);
    assert.equal(ok.status, 0, ok.stderr);
    assert.equal(readFileSync(join(project, ".github/copilot-instructions.md"), "utf8"), "copilot\n");
    const bad = await runAgentc(["install", server.url("/missing.zip"), "--project", project, "--yes"]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /no integrity for .*missing\.zip[\s\S]*hint: pass --integrity/);
    assert.doesNotMatch(bad.stderr, /at .*\.js:\d+/, "no stack trace");
  });
});
