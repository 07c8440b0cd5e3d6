import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { AgentcError, checkForUpdate, runUpdate } from "../../src/index.js";
import { packBundle } from "../../src/packaging/bundle-zip.js";
import { snapshot, stamps, withoutAgentc } from "../support/install-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { freePort, serveInProcess } from "../support/serve-process.js";
import { testdir } from "../support/testdir.js";
import { type BuildFixture, makeBuildDir } from "../support/zip-fixtures.js";
import { bytes, serve } from "../support/zip-server.js";

const v1: BuildFixture = {
  files: { "AGENTS.md": "# Rules v1\n", ".github/copilot-instructions.md": "copilot v1\n" },
  rewrites: [".github :: github-dir"],
  version: "1.0.0",
};
const v2: BuildFixture = { ...v1, files: { ...v1.files, "AGENTS.md": "# Rules v2\n" }, version: "1.1.0" };

function record(project: string) {
  return JSON.parse(readFileSync(join(project, ".agentc", "installed.json"), "utf8"));
}

/** A folder of releases, served at a fixed port so that it can come back at the same address. */
async function releases(...fixtures: BuildFixture[]) {
  const dir = testdir();
  for (const f of fixtures) cpSync(makeBuildDir(f), join(dir, f.version ?? "x"), { recursive: true });
  const port = await freePort();
  let server = await serveInProcess(dir, port);
  return {
    dir,
    url: server.url,
    async publish(f: BuildFixture) {
      cpSync(makeBuildDir(f), join(dir, f.version ?? "x"), { recursive: true });
      await server.stop();
      server = await serveInProcess(dir, port);
    },
    stop: () => server.stop(),
  };
}

describe("agentc install <server URL> and agentc update", () => {
  it("installs the newest version through the index and records the source", async () => {
    const served = await releases(v1);
    const project = testdir();
    const result = await runAgentc(["install", served.url, "--project", project, "--yes"]);
    assert.equal(result.status, 0, result.stderr);
    const rec = record(project);
    assert.equal(rec.registry_version, "1.0.0");
    assert.equal(rec.source.kind, "serve");
    assert.equal(rec.source.url, served.url);
    assert.match(rec.source.bundle_sha256, /^[0-9a-f]{64}$/);
    assert.deepEqual(Object.keys(rec).slice(0, 5), [
      "version",
      "registry_version",
      "manifest_sha256",
      "source",
      "components",
    ]);
    const local = testdir();
    assert.equal((await runAgentc(["install", makeBuildDir(v1), "--project", local, "--yes"])).status, 0);
    assert.deepEqual(
      snapshot(project, withoutAgentc),
      snapshot(local, withoutAgentc),
      "the same tree as from the build folder",
    );
    assert.equal(record(local).source, undefined, "a local install records no source");
    await served.stop();
  });

  it("--check exits 0 when current and 1 when the source has something newer; update installs it", async () => {
    const served = await releases(v1);
    const project = testdir();
    assert.equal((await runAgentc(["install", served.url, "--project", project, "--yes"])).status, 0);
    const current = await runAgentc(["update", "--project", project, "--check"]);
    assert.equal(current.status, 0, current.stderr);
    assert.match(current.stdout, /up to date: 1\.0\.0/);
    await served.publish(v2);
    const before = stamps(project);
    const check = await runAgentc(["update", "--project", project, "--check", "--format", "json"]);
    assert.equal(check.status, 1);
    assert.deepEqual(JSON.parse(check.stdout), {
      project,
      installed: "1.0.0",
      latest: "1.1.0",
      source: served.url,
      behind: true,
    });
    assert.deepEqual(stamps(project), before, "--check writes nothing");
    const update = await runAgentc(["update", "--project", project]);
    assert.equal(update.status, 0, update.stderr);
    assert.match(update.stdout, /updating 1\.0\.0 → 1\.1\.0 from http:\/\/127\.0\.0\.1:\d+\//);
    assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "# Rules v2\n");
    assert.equal(record(project).registry_version, "1.1.0");
    const again = await runAgentc(["update", "--project", project]);
    assert.equal(again.status, 0);
    assert.match(again.stdout, /up to date: 1\.1\.0/);
    await served.stop();
  });

  it("the library's checkForUpdate and runUpdate do what agentc update does", async () => {
    const served = await releases(v1);
    const project = testdir();
    await assert.rejects(checkForUpdate(project), (e: unknown) => {
      assert.ok(e instanceof AgentcError);
      assert.match(e.message, /nothing is installed here/);
      return true;
    });
    assert.equal((await runAgentc(["install", served.url, "--project", project, "--yes"])).status, 0);
    const current = await runUpdate({
      projectDir: project,
      choice: { kind: "default" },
      moveAside: false,
      dryRun: false,
    });
    assert.equal(current.check.behind, false);
    assert.equal(current.result, undefined, "nothing installed when up to date");
    await served.publish(v2);
    const check = await checkForUpdate(project);
    assert.deepEqual(
      [check.installed, check.latest, check.source, check.behind],
      ["1.0.0", "1.1.0", served.url, true],
    );
    check.opened?.cleanup();
    const updated = await runUpdate({
      projectDir: project,
      choice: { kind: "default" },
      moveAside: false,
      dryRun: false,
    });
    assert.equal(updated.result?.status, "ok");
    assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "# Rules v2\n");
    assert.equal(record(project).registry_version, "1.1.0");
    assert.equal(record(project).source.url, served.url, "the source stays recorded");
    await served.stop();
  });

  it("an update over an edit keeps the edit and parks the new version beside it, as install does (exit 0)", async () => {
    const served = await releases(v1);
    const project = testdir();
    assert.equal((await runAgentc(["install", served.url, "--project", project, "--yes"])).status, 0);
    writeFileSync(join(project, "AGENTS.md"), "# my own edit\n");
    await served.publish(v2);
    const update = await runAgentc(["update", "--project", project]);
    assert.equal(update.status, 0, update.stderr);
    assert.match(
      update.stdout,
      /keep-modified +AGENTS\.md \(edited by you: kept; the new version goes to AGENTS\.md\.agentc-new\)/,
    );
    assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "# my own edit\n");
    assert.equal(readFileSync(join(project, "AGENTS.md.agentc-new"), "utf8"), "# Rules v2\n");
    await served.stop();
  });

  it("updates from the manifest's install.bundle when no source is recorded", async () => {
    const port = await freePort();
    const bundleUrl = `http://127.0.0.1:${port}/bundle.zip`;
    const withUrl = (f: BuildFixture): string => {
      const dir = makeBuildDir(f);
      const path = join(dir, "manifest.json");
      writeFileSync(
        path,
        readFileSync(path, "utf8").replace('"install": {\n', `"install": {\n    "bundle": "${bundleUrl}",\n`),
      );
      return dir;
    };
    const project = testdir();
    const first = withUrl(v1);
    assert.equal((await runAgentc(["install", first, "--project", project, "--yes"])).status, 0);
    assert.equal(record(project).source, undefined);
    const server = await serveInProcess(withUrl(v2), port);
    const check = await runAgentc(["update", "--project", project, "--check"]);
    assert.equal(check.status, 1, check.stderr);
    assert.match(
      check.stdout,
      /update available: 1\.0\.0 → a new bundle from http:\/\/127\.0\.0\.1:\d+\/bundle\.zip/,
    );
    assert.equal((await runAgentc(["update", "--project", project])).status, 0);
    assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "# Rules v2\n");
    assert.equal(record(project).source.kind, "bundle");
    assert.equal(record(project).source.url, bundleUrl);
    const current = await runAgentc(["update", "--project", project, "--check"]);
    assert.equal(
      current.status,
      0,
      "the recorded bundle digest equals the published one: no download needed",
    );
    await server.stop();
  });

  it("refuses a project with nothing installed, with no source, and a source that is not https", async () => {
    const empty = await runAgentc(["update", "--project", testdir()]);
    assert.equal(empty.status, 1);
    assert.match(empty.stderr, /nothing is installed here\n {2}hint: install first/);
    const project = testdir();
    assert.equal((await runAgentc(["install", makeBuildDir(v1), "--project", project, "--yes"])).status, 0);
    const none = await runAgentc(["update", "--project", project]);
    assert.equal(none.status, 1);
    assert.match(none.stderr, /no source to update from\n {2}hint: install once from a remote source/);
    const http = await runAgentc(["install", "http://example.com/", "--project", project]);
    assert.equal(http.status, 1);
    assert.match(http.stderr, /is not an https address/);
    assert.equal((await runAgentc(["update", "--project", project, "--check", "--dry-run"])).status, 2);
    assert.equal((await runAgentc(["update", "--project", join(project, "nope")])).status, 2);
  });

  it("refuses, before unpacking, a server whose bundle does not match its index, and one that is not a server", async () => {
    const build = makeBuildDir(v1);
    const zip = join(testdir(), "bundle.zip");
    const packed = packBundle(build, zip);
    const manifestSha = (await import("../../src/shared/hash.js")).sha256(
      readFileSync(join(build, "manifest.json")),
    );
    const index = (sha: string, manifest = manifestSha) =>
      JSON.stringify({
        agentc_serve: 1,
        latest: "1.0.0",
        versions: [
          {
            version: "1.0.0",
            manifest_sha256: manifest,
            bundle: "b.zip",
            sha256: sha,
            integrity: "",
            bytes: 1,
            tree: "v/1.0.0/",
          },
        ],
      });
    const wrongDigest = await serve({
      "/index.json": bytes(index("0".repeat(64))),
      "/b.zip": bytes(readFileSync(zip)),
    });
    const wrongManifest = await serve({
      "/index.json": bytes(index(packed.sha256, "1".repeat(64))),
      "/b.zip": bytes(readFileSync(zip)),
    });
    const notServer = await serve({ "/index.json": bytes("<html>hello</html>") });
    const project = testdir({ "README.md": "mine\n" });
    const before = snapshot(project);
    const cases: [string, RegExp][] = [
      [wrongDigest.url("/"), /has sha256 [0-9a-f]{64}, but 0{64} was expected; nothing was unpacked/],
      [wrongManifest.url("/"), /holds a manifest\.json with sha256 [0-9a-f]{64}, but the index says 1{64}/],
      [notServer.url("/"), /index\.json is not JSON/],
    ];
    for (const [url, message] of cases) {
      const result = await runAgentc(["install", url, "--project", project, "--yes"]);
      assert.equal(result.status, 1, url);
      assert.match(result.stderr, message);
      assert.doesNotMatch(result.stderr, /\n\s+at /);
    }
    assert.deepEqual(snapshot(project), before);
  });
});
