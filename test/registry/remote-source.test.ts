import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, beforeEach, describe, it } from "node:test";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { fetchRemoteSource, remoteUrlProblem } from "../../src/registry/remote-source.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const remoteRule = "---\nscope: global\n---\n# Remote Rule\n\nFrom the server.\n";
const fiveMiB = 5 * 1024 * 1024;

/** Routes of the loopback server; a test may add its own. */
const routes = new Map<string, Handler>();
const seen: { path: string; ifNoneMatch: string | undefined }[] = [];
let server: Server;
let base: string;

function serveRules(etag: string): Handler {
  return (request, response) => {
    if (request.headers["if-none-match"] === etag) return void response.writeHead(304).end();
    response.writeHead(200, { "content-type": "text/markdown", etag }).end(remoteRule);
  };
}

before(async () => {
  server = createServer((request, response) => {
    seen.push({
      path: request.url ?? "",
      ifNoneMatch: request.headers["if-none-match"] as string | undefined,
    });
    const handler = routes.get(request.url ?? "");
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => {
  routes.clear();
  seen.length = 0;
  routes.set("/rules.md", serveRules('"v1"'));
  routes.set("/error.md", (_q, r) => void r.writeHead(500).end("boom"));
  routes.set("/moved.md", (_q, r) => void r.writeHead(302, { location: "/rules.md" }).end());
  routes.set("/stall-headers.md", () => {});
  routes.set("/stall-body.md", (_q, r) => r.writeHead(200).write("# Half\n"));
  routes.set("/big-declared.md", (_q, r) =>
    r.writeHead(200, { "content-length": fiveMiB }).end(Buffer.alloc(fiveMiB, "a")),
  );
  routes.set("/big-chunked.md", (_q, r) => r.writeHead(200).end(Buffer.alloc(fiveMiB, "a")));
  routes.set(
    "/bad-frontmatter.md",
    (_q, r) => void r.writeHead(200).end("---\nscope: [global\nx: 1\n---\n# Bad\n\nText.\n"),
  );
  routes.set("/cut.md", (q, r) => {
    r.writeHead(200).write("# Half\n");
    setTimeout(() => q.socket.destroy(), 20);
  });
  routes.set("/binary.md", (_q, r) => void r.writeHead(200).end(Buffer.from([0x23, 0x20, 0, 1])));
});

/** A registry whose one source has a url, and a folder holding a different rule as the fallback. */
function registry(url: string): string {
  const source = { name: "remote", kind: "custom", path: "sources/local", url };
  return testdir({
    "sources.json": `{\n  "version": 1,\n  "sources": [\n    ${JSON.stringify(source)}\n  ]\n}\n`,
    "targets.json": '{ "version": 1 }\n',
    "sources/local/local.md": "---\nscope: global\n---\n# Local Rule\n\nFrom the folder.\n",
  });
}

async function compile(dir: string, options: { offline?: boolean; fetchTimeoutMs?: number } = {}) {
  const result = await compileRegistry(dir, options);
  const slugs = result.registry?.rules.map((r) => r.slug) ?? [];
  const warnings = result.diagnostics.filter((d) => d.id === "AGC012");
  return { result, slugs, warnings };
}

/** Compiles and asserts the build fell back to the folder with one AGC012 warning whose message matches. */
async function assertFallback(url: string, reason: RegExp, options: { fetchTimeoutMs?: number } = {}) {
  const { result, slugs, warnings } = await compile(registry(url), options);
  assert.equal(result.ok, true);
  assert.deepEqual(slugs, ["local-rule"]);
  assert.equal(warnings.length, 1);
  const [warning] = warnings;
  assert.equal(warning?.severity, "warning");
  assert.match(warning?.message ?? "", reason);
  assert.match(warning?.message ?? "", /using the folder sources\/local/);
  assert.deepEqual([warning?.file, warning?.line], ["sources.json", 4]);
}

describe("remote sources against a loopback HTTP server", () => {
  it("compiles the fetched rules instead of the folder", async () => {
    const dir = registry(`${base}/rules.md`);
    const { result, slugs, warnings } = await compile(dir);
    assert.equal(result.ok, true);
    assert.deepEqual(slugs, ["remote-rule"]);
    assert.deepEqual(warnings, []);
    const agents = result.tree?.files.find((f) => f.path === "AGENTS.md");
    assert.match(agents?.bytes.toString() ?? "", /From the server\./);
  });

  it("revalidates the cached copy with its ETag and uses it on 304", async () => {
    const dir = registry(`${base}/rules.md`);
    await compile(dir);
    const again = await compile(dir);
    assert.deepEqual(again.slugs, ["remote-rule"]);
    assert.deepEqual(seen, [
      { path: "/rules.md", ifNoneMatch: undefined },
      { path: "/rules.md", ifNoneMatch: '"v1"' },
    ]);
  });

  it("downloads again when the ETag changed", async () => {
    const dir = registry(`${base}/rules.md`);
    await compile(dir);
    routes.set("/rules.md", serveRules('"v2"'));
    await compile(dir);
    await compile(dir);
    assert.deepEqual(
      seen.map((s) => s.ifNoneMatch),
      [undefined, '"v1"', '"v2"'],
    );
  });

  it("falls back to the folder when the server is down", async () => {
    const down = createServer();
    await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", resolve));
    const port = (down.address() as AddressInfo).port;
    await new Promise((resolve) => down.close(resolve));
    await assertFallback(`http://127.0.0.1:${port}/rules.md`, /connection refused, ECONNREFUSED/);
  });

  it("falls back on HTTP 500", () => assertFallback(`${base}/error.md`, /HTTP 500/));

  it("falls back on 404", () => assertFallback(`${base}/missing.md`, /HTTP 404/));

  it("times out a server that never answers", () =>
    assertFallback(`${base}/stall-headers.md`, /timed out/, { fetchTimeoutMs: 200 }));

  it("times out a body that stops halfway", () =>
    assertFallback(`${base}/stall-body.md`, /timed out/, { fetchTimeoutMs: 200 }));

  it("refuses a body over 4 MiB announced by Content-Length", () =>
    assertFallback(`${base}/big-declared.md`, /larger than 4194304 bytes/));

  it("refuses a body over 4 MiB sent without Content-Length", () =>
    assertFallback(`${base}/big-chunked.md`, /larger than 4194304 bytes/));

  it("falls back when the connection is cut mid-body", () =>
    assertFallback(`${base}/cut.md`, /connection closed by the server/));

  it("refuses a binary body", () => assertFallback(`${base}/binary.md`, /binary/));

  it("refuses a redirect and does not follow it", async () => {
    await assertFallback(`${base}/moved.md`, /redirected \(HTTP 302\)/);
    assert.deepEqual(
      seen.map((s) => s.path),
      ["/moved.md"],
    );
  });

  it("--offline uses the cache without contacting the server", async () => {
    const dir = registry(`${base}/rules.md`);
    await compile(dir);
    const offline = await compile(dir, { offline: true });
    assert.deepEqual(offline.slugs, ["remote-rule"]);
    assert.deepEqual(offline.warnings, []);
    assert.equal(seen.length, 1);
  });

  it("--offline without a cached copy falls back to the folder", async () => {
    const { slugs, warnings } = await compile(registry(`${base}/rules.md`), { offline: true });
    assert.deepEqual(slugs, ["local-rule"]);
    assert.match(warnings[0]?.message ?? "", /offline and not cached/);
    assert.equal(seen.length, 0);
  });
});

describe("the CLI with a remote source", () => {
  it("build fetches into --cache-dir, then --offline builds from it", async () => {
    const dir = registry(`${base}/rules.md`);
    const cache = join(testdir(), "cache");
    const online = await runAgentc(["build", dir, "--cache-dir", cache]);
    assert.equal(online.status, 0, online.stdout);
    assert.ok(readdirSync(cache).length > 0);
    assert.ok(!existsSync(join(dir, ".agentc-cache")));
    routes.clear();
    const offline = await runAgentc(["build", dir, "--cache-dir", cache, "--offline", "--format", "json"]);
    assert.equal(offline.status, 0, offline.stdout);
    assert.deepEqual(JSON.parse(offline.stdout).written, []);
    assert.equal(seen.length, 1);
  });

  it("points at the URL, not at a registry path, for a problem inside a fetched file", async () => {
    const url = `${base}/bad-frontmatter.md`;
    const dir = registry(url);
    const pretty = await runAgentc(["check", dir]);
    assert.equal(pretty.status, 1);
    assert.match(pretty.stdout, new RegExp(`^${url}:3:1: error AGC004 `, "m"));
    const github = await runAgentc(["check", dir, "--format", "github"]);
    assert.match(
      github.stdout,
      /^::error file=http%3A\/\/127\.0\.0\.1%3A\d+\/bad-frontmatter\.md,line=3,col=1,/m,
    );
    const sarif = JSON.parse((await runAgentc(["check", dir, "--format", "sarif"])).stdout);
    const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === "AGC004");
    assert.deepEqual(result.locations[0].physicalLocation.artifactLocation, { uri: url });
  });

  it("prints the fallback as a warning with file:line:col and exits 0", async () => {
    const dir = registry(`${base}/error.md`);
    const result = await runAgentc(["check", dir]);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /sources\.json:4:\d+: warning AGC012 .*HTTP 500.*\n {2}hint: /);
  });
});

describe("remoteUrlProblem", () => {
  const accepted = [
    "https://example.com/rules.md",
    "http://127.0.0.1:8080/rules.md",
    "http://localhost/rules.md",
    "http://[::1]:9/x.md",
    "http://127.0.0.2/x.md",
    "http://127.1/x.md",
  ];
  for (const url of accepted) it(`accepts ${url}`, () => assert.equal(remoteUrlProblem(url), undefined));

  const refused = [
    "http://example.com/rules.md",
    "http://127.0.0.1.example.com/rules.md",
    "http://10.0.0.1/rules.md",
    "http://128.0.0.1/rules.md",
    "http://0x7f000001.example.com/rules.md",
    "ftp://example.com/rules.md",
    "file:///etc/passwd",
    "not a url",
  ];
  for (const url of refused)
    it(`refuses ${url}`, () => assert.match(remoteUrlProblem(url) ?? "", /https|valid URL/));

  it("refuses plain http to another host before any network access", async () => {
    const cacheDir = join(testdir(), "cache");
    const result = await fetchRemoteSource("http://example.invalid/rules.md", { cacheDir, timeoutMs: 1 });
    assert.deepEqual(result, {
      ok: false,
      reason: "the url must use https (plain http is accepted for loopback addresses only)",
    });
    assert.ok(!existsSync(cacheDir));
  });
});
