import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packBundle } from "../../src/packaging/bundle-zip.js";
import { runAgentc } from "../support/run-cli.js";
import { freePort, type ServeProcess, startServe } from "../support/serve-process.js";
import { testdir } from "../support/testdir.js";
import { type BuildFixture, makeBuildDir } from "../support/zip-fixtures.js";

const fixture = (version: string): BuildFixture => ({
  files: { "AGENTS.md": `# rules of ${version}\n` },
  version,
});

async function index(server: ServeProcess): Promise<{ latest: string; versions: { version: string }[] }> {
  const res = await fetch(new URL("index.json", server.url));
  assert.equal(res.status, 200);
  return (await res.json()) as { latest: string; versions: { version: string }[] };
}

const versionsOf = async (server: ServeProcess): Promise<string[]> =>
  (await index(server)).versions.map((v) => v.version);

/** Resolves once the server's stderr holds `text` (written by its watcher, with no request made). */
async function stderrShows(server: ServeProcess, text: string): Promise<void> {
  while (!server.stderr().includes(text)) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("agentc serve follows its folder", () => {
  it("serves a version added while it runs, never a zip still being written, and drops a removed one", async () => {
    const releases = testdir();
    cpSync(makeBuildDir(fixture("1.0.0")), join(releases, "1.0.0"), { recursive: true });
    const server = await startServe([releases]);
    assert.deepEqual(await versionsOf(server), ["1.0.0"]);

    const zip = join(testdir(), "1.1.0.zip");
    packBundle(makeBuildDir(fixture("1.1.0")), zip);
    const bytes = readFileSync(zip);
    writeFileSync(join(releases, "1.1.0.zip"), bytes.subarray(0, Math.floor(bytes.length / 2)));
    assert.deepEqual(await versionsOf(server), ["1.0.0"], "half a zip is not served");
    assert.match(server.stderr(), /1\.1\.0\.zip is not served \(yet\): /);
    writeFileSync(join(releases, "1.1.0.zip"), bytes);
    const now = await index(server);
    assert.equal(now.latest, "1.1.0", "the finished zip is served at the next request, with no restart");
    const latest = await fetch(new URL("latest/files/AGENTS.md", server.url));
    assert.equal(await latest.text(), "# rules of 1.1.0\n");
    const bundle = await fetch(new URL("bundle.zip", server.url));
    assert.deepEqual(Buffer.from(await bundle.arrayBuffer()), bytes);

    const staged = join(releases, ".1.2.0.partial");
    cpSync(makeBuildDir(fixture("1.2.0")), staged, { recursive: true });
    renameSync(staged, join(releases, "1.2.0"));
    await stderrShows(server, "as version 1.2.0 (latest)");
    assert.match(
      server.stderr(),
      /now serving .*1\.2\.0 as version 1\.2\.0 \(latest\), bundle sha256 [0-9a-f]{64}/,
    );
    assert.deepEqual(await versionsOf(server), ["1.2.0", "1.1.0", "1.0.0"]);

    rmSync(join(releases, "1.2.0"), { recursive: true });
    assert.deepEqual(await versionsOf(server), ["1.1.0", "1.0.0"]);
    assert.equal((await fetch(new URL("v/1.2.0/manifest.json", server.url))).status, 404);
    await stderrShows(server, "no longer serving version 1.2.0");
    assert.equal(await server.stop(), 0);
  });

  it("picks up a build folder rebuilt in place, and keeps the last good version while a rebuild is half-way", async () => {
    const build = makeBuildDir(fixture("2.0.0"));
    const server = await startServe([build]);
    const next = makeBuildDir({ files: { "AGENTS.md": "# rebuilt\n" }, version: "2.1.0" });
    writeFileSync(join(build, "AGENTS.md"), "# rebuilt\n");
    assert.equal(
      (await index(server)).latest,
      "2.0.0",
      "a changed file under an unchanged manifest is not a new version",
    );
    assert.equal(
      await (await fetch(new URL("latest/files/AGENTS.md", server.url))).text(),
      "# rules of 2.0.0\n",
      "the snapshot is served, not the half-rebuilt folder",
    );
    cpSync(join(next, "manifest.json"), join(build, "manifest.json"));
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(build, "manifest.json"), later, later);
    assert.equal((await index(server)).latest, "2.1.0");
    assert.equal(await (await fetch(new URL("latest/files/AGENTS.md", server.url))).text(), "# rebuilt\n");
    writeFileSync(join(build, "AGENTS.md"), "# a rebuild half-way\n");
    cpSync(join(makeBuildDir(fixture("2.2.0")), "manifest.json"), join(build, "manifest.json"));
    assert.deepEqual(
      await versionsOf(server),
      ["2.1.0"],
      "a manifest whose files do not match it is not served",
    );
    assert.match(server.stderr(), /is not served \(yet\): .*does not match its hash in manifest\.json/);
    assert.equal(await server.stop(), 0);
  });

  it("serves a build folder copied manifest first once its files have arrived", async () => {
    const releases = testdir();
    cpSync(makeBuildDir(fixture("1.0.0")), join(releases, "1.0.0"), { recursive: true });
    const server = await startServe([releases]);
    const build = makeBuildDir(fixture("1.3.0"));
    const target = join(releases, "1.3.0");
    mkdirSync(target);
    cpSync(join(build, "manifest.json"), join(target, "manifest.json"));
    assert.deepEqual(await versionsOf(server), ["1.0.0"], "a build without its files is not served");
    assert.match(server.stderr(), /1\.3\.0 is not served \(yet\): /);
    cpSync(join(build, "AGENTS.md"), join(target, "AGENTS.md"));
    await stderrShows(server, "as version 1.3.0 (latest)");
    assert.deepEqual(await versionsOf(server), ["1.3.0", "1.0.0"]);
    assert.equal(await server.stop(), 0);
  });

  it("comes back at the same URL on a fixed port, and a stopped server is reported as refused, with its URL", async () => {
    const releases = testdir();
    cpSync(makeBuildDir(fixture("1.0.0")), join(releases, "1.0.0"), { recursive: true });
    const port = await freePort();
    let server = await startServe([releases], {}, port);
    const project = testdir();
    const install = await runAgentc(["install", server.url, "--project", project, "--yes"]);
    assert.equal(install.status, 0, install.stderr);
    const url = server.url;
    await server.stop();
    const down = await runAgentc(["update", "--check", "--project", project]);
    assert.equal(down.status, 1);
    assert.match(
      down.stderr,
      new RegExp(
        `download of ${url.replace(/\./g, "\\.")}index\\.json failed: nothing answered there \\(connection refused\\)`,
      ),
    );
    assert.match(down.stderr, /give 'agentc serve' a fixed --port/);
    cpSync(makeBuildDir(fixture("1.1.0")), join(releases, "1.1.0"), { recursive: true });
    server = await startServe([releases], {}, port);
    assert.equal(server.url, url, "the recorded URL holds across a restart");
    const check = await runAgentc(["update", "--check", "--project", project]);
    assert.equal(check.status, 1);
    assert.match(check.stdout, /update available: 1\.0\.0 → 1\.1\.0/);
    assert.equal(await server.stop(), 0);
  });

  it("says that --port 0 gives a port recorded sources will not survive", async () => {
    const server = await startServe([makeBuildDir(fixture("1.0.0"))]);
    await stderrShows(server, "press Ctrl-C to stop");
    assert.match(server.stderr(), /--port 0 chose this port for this run only/);
    await server.stop();
  });
});
