import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { Agent, get } from "node:http";
import { connect } from "node:net";
import { describe, it } from "node:test";
import { notLinux } from "../support/install-sh.js";
import { type ServeProcess, startServe } from "../support/serve-process.js";
import { makeBuildDir } from "../support/zip-fixtures.js";

/** A bundle of `mib` MiB that does not compress, served by a real `agentc serve`. */
async function bigServe(
  extra: string[] = [],
  env: NodeJS.ProcessEnv = {},
  mib = 4,
): Promise<{ server: ServeProcess; bundle: string; sha256: string }> {
  const build = makeBuildDir({
    files: { "AGENTS.md": "# rules\n", "data/blob.bin": randomBytes(mib * 2 ** 20) },
  });
  const server = await startServe([build, ...extra], env);
  const index = JSON.parse(await (await fetch(`${server.url}index.json`)).text());
  return { server, bundle: `${server.url}${index.versions[0].bundle}`, sha256: index.versions[0].sha256 };
}

function download(url: string, agent?: Agent): Promise<{ status: number; sha256: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(url, agent ? { agent } : {}, (res) => {
      const hash = createHash("sha256");
      let bytes = 0;
      res.on("data", (c: Buffer) => {
        bytes += c.length;
        hash.update(c);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, sha256: hash.digest("hex"), bytes }));
      res.on("error", reject);
    }).on("error", reject);
  });
}

/** Resident memory and open descriptors of a process, from /proc. */
function usage(pid: number): { rssKiB: number; fds: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return { rssKiB: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]), fds: readdirSync(`/proc/${pid}/fd`).length };
}

const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * npm test runs the load at a quarter of its size; AGENTC_SERVE_LOAD=full (`npm run test:serve-load`) runs 200
 * concurrent downloads and 10,000 requests.
 */
const load =
  process.env.AGENTC_SERVE_LOAD === "full"
    ? { concurrent: 200, requests: 10_000 }
    : { concurrent: 50, requests: 2_000 };

describe("agentc serve under load and against bad clients (loopback)", { skip: notLinux }, () => {
  it(`serves ${load.concurrent} concurrent downloads of the bundle, every one complete and intact`, async () => {
    const { server, bundle, sha256 } = await bigServe();
    const agent = new Agent({ maxSockets: load.concurrent });
    const results = await Promise.all(Array.from({ length: load.concurrent }, () => download(bundle, agent)));
    agent.destroy();
    assert.equal(results.filter((r) => r.status === 200 && r.sha256 === sha256).length, load.concurrent);
    await server.stop();
  });

  it(`keeps its memory bounded over ${load.requests} requests (a 64 MB heap, no growth in the second half)`, async () => {
    const { server, bundle } = await bigServe([], { NODE_OPTIONS: "--max-old-space-size=64" });
    const pid = server.child.pid as number;
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    const small = `${server.url}index.json`;
    const run = async (count: number): Promise<void> => {
      for (let done = 0; done < count; done += 100)
        await Promise.all(Array.from({ length: 100 }, (_, i) => download(i === 0 ? bundle : small, agent)));
    };
    const samples: number[] = [];
    for (let round = 0; round < 10; round++) {
      await run(load.requests / 10);
      await settle(100);
      samples.push(usage(pid).rssKiB);
    }
    agent.destroy();
    const firstHalf = Math.max(...samples.slice(0, 5));
    const secondHalf = Math.max(...samples.slice(5));
    const figures = `resident memory after each ${load.requests / 10} requests: ${samples.join(", ")} KiB`;
    assert.equal(server.child.exitCode, null, "the server is alive within its 64 MB heap");
    assert.ok(secondHalf < firstHalf + 48 * 1024, `it keeps growing: ${figures}`);
    assert.ok(secondHalf < 256 * 1024, `it is too large: ${figures}`);
    await server.stop();
  });

  it("drops a client that stops reading mid-body or stalls in its request, and goes on serving others", async () => {
    const { server, bundle, sha256 } = await bigServe(["--timeout", "1"], {}, 32);
    const pid = server.child.pid as number;
    const before = usage(pid).fds;
    const { hostname, port, pathname } = new URL(bundle);
    const stalled = connect(Number(port), hostname);
    stalled.on("error", () => {});
    stalled.write(`GET ${pathname} HTTP/1.1\r\nHost: x\r\n\r\n`);
    stalled.pause();
    const halfHeader = connect(Number(port), hostname);
    halfHeader.on("error", () => {});
    const halfClosed = new Promise<void>((resolve) => halfHeader.on("close", () => resolve()));
    halfHeader.write("GET /index.json HTTP/1.1\r\nHost:");
    const meanwhile = await download(bundle);
    assert.equal(meanwhile.sha256, sha256, "another client is served while one stalls");
    await settle(3000);
    let received = 0;
    const stalledClosed = new Promise<void>((resolve) => stalled.on("close", () => resolve()));
    stalled.on("data", (c: Buffer) => {
      received += c.length;
    });
    stalled.resume();
    await stalledClosed;
    assert.ok(
      received < meanwhile.bytes,
      `the server gave up on the stalled reader (it got ${received} of ${meanwhile.bytes} bytes)`,
    );
    await halfClosed;
    for (let i = 0; i < 50; i++)
      await new Promise<void>((resolve) => {
        get(bundle, (res) => {
          res.once("data", () => {
            res.destroy();
            resolve();
          });
        });
      });
    assert.equal((await download(bundle)).sha256, sha256);
    await settle(500);
    const leaked = usage(pid).fds - before;
    assert.ok(leaked <= 2, `${leaked} descriptors still open after 50 clients disconnected mid-body`);
    await server.stop();
  });
});
