import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packBundle } from "../../src/packaging/bundle-zip.js";
import { failedServe, startServe } from "../support/serve-process.js";
import { testdir } from "../support/testdir.js";
import { type BuildFixture, makeBuildDir } from "../support/zip-fixtures.js";

const fixture: BuildFixture = {
  files: {
    "AGENTS.md": "# Rules\n",
    ".github/copilot-instructions.md": "copilot\n",
    ".claude/hooks/guard.sh": "#!/bin/sh\nexit 2\n",
    "docs/notes.md": "notes\n",
  },
  executables: [".claude/hooks/guard.sh"],
  rewrites: [".github :: github-dir"],
};

const sha = (bytes: Buffer | string): string => createHash("sha256").update(bytes).digest("hex");

/** A raw GET or HEAD with the path exactly as given (no URL normalisation by the client). */
function raw(url: string, path: string, method = "GET", headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: hostname, port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("agentc serve", () => {
  it("prints the base URL first and serves the index, manifest, content-addressed bundle and published tree", async () => {
    const build = makeBuildDir(fixture);
    const server = await startServe([build]);
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const index = JSON.parse((await raw(server.url, "/index.json")).body.toString());
    assert.equal(index.agentc_serve, 1);
    assert.equal(index.latest, "1.0.0");
    const [entry] = index.versions;
    const bundle = await raw(server.url, `/${entry.bundle}`);
    assert.equal(bundle.status, 200);
    assert.equal(sha(bundle.body), entry.sha256);
    assert.equal(entry.bundle, `bundles/${entry.sha256}.zip`);
    assert.equal(bundle.headers["content-type"], "application/zip");
    assert.equal(bundle.headers["content-length"], String(bundle.body.length));
    assert.equal(bundle.headers["cache-control"], "public, max-age=31536000, immutable");
    assert.equal(entry.integrity, `sha256-${Buffer.from(entry.sha256, "hex").toString("base64")}`);
    const packed = packBundle(build, join(testdir(), "bundle.zip"));
    assert.equal(entry.sha256, packed.sha256, "the served bundle is the one 'agentc pack' makes");
    const manifest = await raw(server.url, "/manifest.json");
    assert.deepEqual(manifest.body, readFileSync(join(build, "manifest.json")));
    assert.equal(entry.manifest_sha256, sha(manifest.body));
    assert.equal(manifest.headers["content-type"], "application/json; charset=utf-8");
    assert.equal(manifest.headers["cache-control"], "no-cache");
    const copilot = await raw(server.url, "/v/1.0.0/files/github-dir/copilot-instructions.md");
    assert.equal(copilot.body.toString(), "copilot\n");
    assert.equal(copilot.headers["content-type"], "text/markdown; charset=utf-8");
    assert.equal((await raw(server.url, "/v/1.0.0/files/.github/copilot-instructions.md")).status, 404);
    assert.equal((await raw(server.url, "/latest/files/AGENTS.md")).body.toString(), "# Rules\n");
    for (const path of ["/install.sh", "/v/1.0.0/install.sh", "/latest/install.sh"]) {
      const script = await raw(server.url, path);
      assert.equal(script.headers["content-type"], "text/x-shellscript; charset=utf-8", path);
      assert.match(script.body.toString(), new RegExp(`^AGENTC_BASE='${server.url}'$`, "m"));
      assert.match(
        script.body.toString(),
        new RegExp(`^AGENTC_MANIFEST_SHA256='${entry.manifest_sha256}'$`, "m"),
      );
      assert.match(script.body.toString(), /^AGENTC_TREE='v\/1\.0\.0\/'$/m);
    }
    const checksum = (await raw(server.url, `/${entry.bundle}.sha256`)).body.toString();
    assert.equal(checksum, `${entry.sha256}  ${entry.sha256}.zip\n`);
    assert.equal(await server.stop(), 0);
  });

  it("answers If-None-Match with 304 and HEAD with the headers of GET and no body", async () => {
    const server = await startServe([makeBuildDir(fixture)]);
    const get = await raw(server.url, "/manifest.json");
    const etag = String(get.headers.etag);
    assert.match(etag, /^"[0-9a-f]{64}"$/);
    assert.equal(etag, `"${sha(get.body)}"`);
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      const again = await raw(server.url, "/manifest.json", "GET", { "if-none-match": header });
      assert.equal(again.status, 304, header);
      assert.equal(again.body.length, 0);
    }
    assert.equal(
      (await raw(server.url, "/manifest.json", "GET", { "if-none-match": '"other"' })).status,
      200,
    );
    const head = await raw(server.url, "/bundle.zip", "HEAD");
    const full = await raw(server.url, "/bundle.zip");
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.equal(head.headers["content-length"], String(full.body.length));
    assert.equal(head.headers.etag, full.headers.etag);
    await server.stop();
  });

  it("serves nothing outside its routes: traversal, encoded separators, other methods and bodies are refused", async () => {
    const server = await startServe([makeBuildDir(fixture)]);
    const cases: [string, number][] = [
      ["/v/1.0.0/files/../../index.json", 404],
      ["/v/1.0.0/files/%2e%2e/%2e%2e/index.json", 404],
      ["/v/1.0.0/files/docs%2fnotes.md", 400],
      ["/v/1.0.0/files/docs%5cnotes.md", 400],
      ["/v/1.0.0/files/docs/notes.md%00", 400],
      ["/%zz", 400],
      ["/etc/passwd", 404],
      ["//etc/passwd", 404],
      ["/manifest.json/", 404],
      [`/${"a/".repeat(3000)}`, 414],
    ];
    for (const [path, status] of cases) assert.equal((await raw(server.url, path)).status, status, path);
    const post = await raw(server.url, "/index.json", "POST");
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, "GET, HEAD");
    const withBody = await raw(server.url, "/index.json", "GET", { "content-length": "5" });
    assert.equal(withBody.status, 413);
    assert.equal((await raw(server.url, "/v/1.0.0/files/docs/notes.md?x=1")).body.toString(), "notes\n");
    await server.stop();
  });

  it("serves the build's registry page at / when there is one, never a link out of it", async () => {
    const build = makeBuildDir(fixture);
    const secret = join(testdir({ "secret.txt": "secret\n" }), "secret.txt");
    mkdirSync(join(build, "site", "assets"), { recursive: true });
    writeFileSync(join(build, "site", "index.html"), "<!doctype html><title>page</title>\n");
    writeFileSync(join(build, "site", "assets", "page.css"), "body{}\n");
    symlinkSync(secret, join(build, "site", "assets", "leak.txt"));
    const server = await startServe([build]);
    const page = await raw(server.url, "/");
    assert.equal(page.body.toString(), "<!doctype html><title>page</title>\n");
    assert.equal(page.headers["content-type"], "text/html; charset=utf-8");
    assert.equal(
      (await raw(server.url, "/assets/page.css")).headers["content-type"],
      "text/css; charset=utf-8",
    );
    assert.equal((await raw(server.url, "/assets/leak.txt")).status, 404);
    assert.match(server.stderr(), /site\/assets\/leak\.txt is not served/);
    await server.stop();
  });

  it("without a registry page, / lists the versions and how to install them", async () => {
    const server = await startServe([makeBuildDir(fixture)]);
    const page = (await raw(server.url, "/")).body.toString();
    assert.match(page, /<h1>agentc registry<\/h1>/);
    assert.ok(page.includes(`agentc install ${server.url}`));
    assert.match(page, /1\.0\.0<\/a> \(latest\)/);
    await server.stop();
  });

  it("serves a folder of versions (build folders and zips) with the newest by SemVer as latest", async () => {
    const releases = testdir();
    const v1 = makeBuildDir({ ...fixture, version: "1.0.0" });
    const v2 = makeBuildDir({
      ...fixture,
      files: { ...fixture.files, "AGENTS.md": "# v1.10\n" },
      version: "1.10.0",
    });
    const v3 = makeBuildDir({
      ...fixture,
      files: { ...fixture.files, "AGENTS.md": "# v1.9\n" },
      version: "1.9.0",
    });
    cpSync(v1, join(releases, "1.0.0"), { recursive: true });
    packBundle(v2, join(releases, "1.10.0.zip"));
    cpSync(v3, join(releases, "b"), { recursive: true });
    packBundle(v3, join(releases, "a.zip"));
    const server = await startServe([releases]);
    const index = JSON.parse((await raw(server.url, "/index.json")).body.toString());
    assert.equal(index.latest, "1.10.0");
    assert.deepEqual(
      index.versions.map((v: { version: string }) => v.version),
      ["1.10.0", "1.9.0", "1.0.0"],
      "newest first; the same version as a folder and as a zip is one version",
    );
    assert.equal((await raw(server.url, "/latest/files/AGENTS.md")).body.toString(), "# v1.10\n");
    assert.equal((await raw(server.url, "/v/1.9.0/files/AGENTS.md")).body.toString(), "# v1.9\n");
    assert.equal((await raw(server.url, "/v/1.0.0/files/AGENTS.md")).body.toString(), "# Rules\n");
    for (const v of index.versions) assert.equal((await raw(server.url, `/${v.bundle}`)).status, 200);
    await server.stop();
  });

  it("breaks a tie of equal precedence (content-derived versions) by the newer build", async () => {
    const releases = testdir();
    const older = makeBuildDir({ ...fixture, version: "0.0.0+aaaaaaaaaaaa" });
    const newer = makeBuildDir({
      ...fixture,
      files: { "AGENTS.md": "# newer\n" },
      executables: [],
      version: "0.0.0+111111111111",
    });
    cpSync(older, join(releases, "x"), { recursive: true });
    cpSync(newer, join(releases, "y"), { recursive: true });
    utimesSync(join(releases, "x", "manifest.json"), new Date(2030, 0, 2), new Date(2030, 0, 2));
    utimesSync(join(releases, "y", "manifest.json"), new Date(2030, 0, 1), new Date(2030, 0, 1));
    const server = await startServe([releases]);
    assert.equal(
      JSON.parse((await raw(server.url, "/index.json")).body.toString()).latest,
      "0.0.0+aaaaaaaaaaaa",
    );
    await server.stop();
  });

  it("refuses to start on two different bundles of one version, a damaged build, or a taken port", async () => {
    const releases = testdir();
    cpSync(makeBuildDir(fixture), join(releases, "a"), { recursive: true });
    cpSync(
      makeBuildDir({ ...fixture, files: { "AGENTS.md": "other\n" }, executables: [] }),
      join(releases, "b"),
      { recursive: true },
    );
    const twin = await failedServe([releases]);
    assert.equal(twin.code, 1);
    assert.match(twin.stderr, /are both version 1\.0\.0, with different contents/);
    const damaged = makeBuildDir(fixture);
    writeFileSync(join(damaged, "AGENTS.md"), "edited after the build\n");
    const bad = await failedServe([damaged]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /does not match its hash in manifest\.json/);
    assert.doesNotMatch(bad.stderr, /\n\s+at /, "no stack trace");
    const empty = await failedServe([testdir()]);
    assert.match(empty.stderr, /holds no manifest\.json, no build folder and no \.zip bundle/);
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = String((blocker.address() as { port: number }).port);
    const { runCli } = await import("../support/run-cli.js");
    const taken = runCli(["serve", makeBuildDir(fixture), "--port", port]);
    blocker.close();
    assert.equal(taken.status, 1);
    assert.match(taken.stderr, /cannot listen on 127\.0\.0\.1:\d+: EADDRINUSE\n {2}hint: .*--port 0/);
    assert.equal(runCli(["serve", makeBuildDir(fixture), "--port", "70000"]).status, 2);
    const quote = runCli([
      "serve",
      makeBuildDir(fixture),
      "--port",
      "0",
      "--public-url",
      "https://x.example/it's/",
    ]);
    assert.equal(quote.status, 2);
    assert.match(quote.stderr, /holds characters install\.sh cannot carry/);
  });

  it("stops cleanly on SIGINT and SIGTERM, removing its snapshot", async () => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      const temp = testdir();
      const server = await startServe([makeBuildDir(fixture)], { TMPDIR: temp });
      assert.equal(readdirSync(temp).filter((n) => n.startsWith("agentc-serve-")).length, 1);
      assert.equal(await server.stop(signal), 0, signal);
      assert.match(server.stderr(), /agentc serve: stopped/);
      assert.deepEqual(readdirSync(temp), []);
    }
  });
});
