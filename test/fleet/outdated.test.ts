import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { serveInProcess } from "../support/serve-process.js";
import { testdir } from "../support/testdir.js";
import { type BuildFixture, makeBuildDir } from "../support/zip-fixtures.js";

const v1: BuildFixture = { files: { "AGENTS.md": "# v1\n", "docs/a.md": "a\n" }, version: "1.0.0" };
const v2: BuildFixture = { ...v1, files: { ...v1.files, "AGENTS.md": "# v2\n" }, version: "2.0.0" };

/**
 * A proxy in front of a real `agentc serve`: /sN/... is the server's /..., so each prefix is a distinct
 * source. It counts requests per path and the most in flight at once (each held 30 ms, so overlap shows).
 */
async function countingProxy(upstream: string) {
  const hits = new Map<string, number>();
  const state = { inFlight: 0, most: 0 };
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    state.inFlight++;
    state.most = Math.max(state.most, state.inFlight);
    setTimeout(() => {
      const out = request(
        { host: target.hostname, port: target.port, path: path.replace(/^\/s\d+/, ""), method: req.method },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res).on("finish", () => state.inFlight--);
        },
      );
      out.end();
    }, 30);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  after(() => server.close());
  const { port } = server.address() as AddressInfo;
  return { base: (n: number) => `http://127.0.0.1:${port}/s${n}/`, hits, state };
}

function setSource(project: string, url: string): void {
  const file = join(project, ".agentc", "installed.json");
  const record = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(file, `${JSON.stringify({ ...record, source: { ...record.source, url } }, null, 2)}\n`);
}

describe("agentc outdated: the fleet view", () => {
  it("checks 1,000 projects in one call, asking each distinct source once, a few at a time", async () => {
    const releases = testdir();
    cpSync(makeBuildDir(v1), join(releases, "1.0.0"), { recursive: true });
    let server = await serveInProcess(releases);
    const proxyV1 = await countingProxy(server.url);
    const old = testdir();
    assert.equal((await runAgentc(["install", proxyV1.base(0), "--project", old, "--yes"])).status, 0);
    cpSync(makeBuildDir(v2), join(releases, "2.0.0"), { recursive: true });
    await server.stop();
    server = await serveInProcess(releases);
    const proxy = await countingProxy(server.url);
    const current = testdir();
    assert.equal((await runAgentc(["install", proxy.base(0), "--project", current, "--yes"])).status, 0);
    const fleet = testdir();
    const projects: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const project = join(fleet, `repo-${String(i).padStart(4, "0")}`);
      cpSync(i < 600 ? old : current, project, { recursive: true, verbatimSymlinks: true });
      setSource(project, proxy.base(i % 20));
      if (i % 100 === 7) writeFileSync(join(project, "docs/a.md"), "edited\n");
      projects.push(project);
    }
    proxy.hits.clear();
    const result = await runAgentc(["outdated", ...projects, "--format", "json", "--concurrency", "4"]);
    assert.equal(result.status, 0, result.stderr);
    const report = JSON.parse(result.stdout);
    assert.equal(report.projects.length, 1000);
    assert.equal(report.behind, 600);
    assert.equal(report.unknown, 0);
    const first = report.projects[0];
    assert.deepEqual(first, {
      project: projects[0],
      installed: "1.0.0",
      components: ["main"],
      drift: 0,
      source: proxy.base(0),
      newest: "2.0.0",
      behind: true,
    });
    assert.equal(report.projects[7].drift, 1, "an edited file is drift");
    assert.equal(report.projects[999].behind, false);
    for (let n = 0; n < 20; n++)
      assert.equal(proxy.hits.get(`/s${n}/index.json`), 1, `one request for source ${n}`);
    assert.equal(
      [...proxy.hits.values()].reduce((a, b) => a + b, 0),
      20,
      "nothing but the 20 indexes is fetched",
    );
    assert.ok(proxy.state.most <= 4, `at most 4 at once (saw ${proxy.state.most})`);
    assert.ok(proxy.state.most > 1, "sources are asked in parallel");
    const check = await runAgentc(["outdated", ...projects.slice(0, 3), "--check"]);
    assert.equal(check.status, 1);
    assert.match(check.stdout, /^PROJECT +INSTALLED +NEWEST +STATE +DRIFT +COMPONENTS +SOURCE$/m);
    assert.match(check.stdout, /repo-0000 +1\.0\.0 +2\.0\.0 +behind +0 +main +http:/);
    assert.match(check.stdout, /^3 projects: 3 behind, 0 unknown, 0 current$/m);
    const fine = await runAgentc(["outdated", ...projects.slice(600, 602), "--check"]);
    assert.equal(fine.status, 0, fine.stdout);
    await server.stop();
  });

  it("reports projects it cannot check, with the reason, and --check fails on them", async () => {
    const server = await serveInProcess(makeBuildDir(v1));
    const installed = testdir();
    assert.equal((await runAgentc(["install", server.url, "--project", installed, "--yes"])).status, 0);
    const local = testdir();
    assert.equal((await runAgentc(["install", makeBuildDir(v1), "--project", local, "--yes"])).status, 0);
    const gone = testdir();
    assert.equal((await runAgentc(["install", server.url, "--project", gone, "--yes"])).status, 0);
    setSource(gone, "http://127.0.0.1:9/");
    const empty = testdir();
    mkdirSync(join(empty, "src"));
    const result = await runAgentc([
      "outdated",
      installed,
      local,
      gone,
      empty,
      join(empty, "missing"),
      "--format",
      "json",
    ]);
    assert.equal(result.status, 0, result.stderr);
    const rows = JSON.parse(result.stdout).projects;
    assert.equal(rows[0].behind, false);
    assert.match(rows[1].problem, /no source to update from/);
    assert.match(
      rows[2].problem,
      /^download of http:\/\/127\.0\.0\.1:\d+\/index\.json failed: nothing answered there \(connection refused\)$/,
    );
    assert.match(rows[3].problem, /nothing is installed here/);
    assert.match(rows[4].problem, /does not exist/);
    assert.equal((await runAgentc(["outdated", installed, local, "--check"])).status, 1);
    assert.equal((await runAgentc(["outdated"])).status, 2);
    assert.equal((await runAgentc(["outdated", installed, "--concurrency", "0"])).status, 2);
    await server.stop();
  });
});
