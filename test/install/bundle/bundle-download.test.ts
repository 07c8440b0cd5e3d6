import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import {
  AgentcError,
  type ResolveBundleOptions,
  resolveBundle,
} from "../../../src/install/bundle/resolve-bundle.js";
import { packBundle } from "../../../src/packaging/bundle-zip.js";
import { packageRoot } from "../../../src/shared/package-paths.js";
import { testdir } from "../../support/testdir.js";
import { craftBundle, leftovers, makeBuildDir } from "../../support/zip-fixtures.js";
import { bytes, type Route, serve } from "../../support/zip-server.js";

function packedBundle(): { zip: Buffer; hex: string } {
  const zip = join(testdir(), "bundle.zip");
  const { sha256 } = packBundle(
    makeBuildDir({ files: { "AGENTS.md": randomBytes(20_000).toString("hex") } }),
    zip,
  );
  return { zip: readFileSync(zip), hex: sha256 };
}

/** Expects resolveBundle to fail with a AgentcError matching `expected` and to leave tempRoot empty. */
async function fails(
  url: string,
  expected: RegExp,
  options: ResolveBundleOptions = {},
): Promise<AgentcError> {
  const tempRoot = testdir();
  const error = await resolveBundle(url, { tempRoot, ...options }).then(
    () => assert.fail("the download was accepted"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof AgentcError, String(error));
  assert.match(error.message, expected);
  assert.deepEqual(leftovers(tempRoot), [], "no temp files left");
  return error;
}

/** Sends the headers and `sent` bytes of `body`, then leaves the socket open without a byte more. */
function stallAfter(body: Buffer, sent: number): Route {
  return (_request, response) => {
    response.writeHead(200, { "content-length": body.length });
    response.write(body.subarray(0, sent));
  };
}

describe("case 17: bad downloads fail before unpacking and leave no temp files", () => {
  const { zip, hex } = packedBundle();
  const integrity = `sha256:${hex}`;

  it("rejects a body whose hash is not the published one, before looking inside", async () => {
    const evil = craftBundle({ files: { "a.md": "a" } }, [{ name: "../escape", data: "x" }]);
    const server = await serve({ "/b.zip": bytes(evil), "/b.zip.sha256": bytes(`${hex}  b.zip\n`) });
    const error = await fails(
      server.url("/b.zip"),
      /has sha256 [0-9a-f]{64}, but [0-9a-f]{64} was expected; nothing was unpacked/,
    );
    assert.doesNotMatch(error.message, /escape/, "the archive was never opened");
    assert.match(error.hint, /do not install it/);
  });

  it("rejects a truncated body (the connection closes before Content-Length bytes)", async () => {
    const server = await serve({
      "/b.zip": (_request, response) => {
        response.writeHead(200, { "content-length": zip.length });
        response.write(zip.subarray(0, 1000), () => response.socket?.destroy());
      },
    });
    await fails(server.url("/b.zip"), /truncated/, { integrity });
  });

  it("rejects a body over maxBytes announced by Content-Length without reading it", async () => {
    const server = await serve({ "/b.zip": bytes(zip) });
    await fails(server.url("/b.zip"), /is \d+ bytes, over the limit of 1000 bytes/, {
      integrity,
      maxBytes: 1000,
    });
  });

  it("rejects a chunked body that grows past maxBytes while streaming", async () => {
    const server = await serve({
      "/b.zip": (_request, response) => {
        response.writeHead(200);
        for (let i = 0; i < 20; i++) response.write(Buffer.alloc(1000, i));
        response.end();
      },
    });
    await fails(server.url("/b.zip"), /is more than the limit of 5000 bytes/, { integrity, maxBytes: 5000 });
  });

  // The server never sends the rest: without the stall limit the download would hang until the timeout.
  it("gives up on a stalled socket", { timeout: 300_000 }, async () => {
    const server = await serve({ "/b.zip": stallAfter(zip, 100) });
    await fails(server.url("/b.zip"), /stalled: no bytes for 0\.3 s/, { integrity, stallMs: 300 });
  });

  it("gives up when a trickling download passes the overall timeout", async () => {
    const server = await serve({
      "/b.zip": (_request, response) => {
        response.writeHead(200, { "content-length": zip.length });
        const timer = setInterval(() => response.write(Buffer.from([0])), 50);
        response.on("close", () => clearInterval(timer));
      },
    });
    await fails(server.url("/b.zip"), /did not finish within 0\.6 s/, {
      integrity,
      timeoutMs: 600,
      stallMs: 300,
    });
  });

  it("refuses a redirect to http", async () => {
    const server = await serve({
      "/b.zip": (_request, response) =>
        response.writeHead(302, { location: "http://example.com/b.zip" }).end(),
    });
    await fails(
      server.url("/b.zip"),
      /redirects to http:\/\/example\.com\/b\.zip, which is not https; refused/,
      {
        integrity,
      },
    );
  });

  it("follows a redirect on loopback, but not more than three", async () => {
    const hop =
      (to: string): Route =>
      (_request, response) =>
        response.writeHead(302, { location: to }).end();
    const server = await serve({
      "/old.zip": hop("/new.zip"),
      "/new.zip": bytes(zip),
      "/loop": hop("/loop"),
    });
    (await resolveBundle(server.url("/old.zip"), { integrity, tempRoot: testdir() })).cleanup();
    await fails(server.url("/loop"), /redirects more than 3 times/, { integrity });
    assert.equal(server.hits.get("/loop"), 4);
  });

  it("refuses plain http to any host but this machine, and other schemes", async () => {
    await fails("http://example.com/b.zip", /http:\/\/example\.com\/b\.zip is not an https address/, {
      integrity,
    });
    await fails("ftp://example.com/b.zip", /is not an https address/, { integrity });
  });

  it("reports an HTTP error status", async () => {
    const server = await serve({ "/b.zip": (_request, response) => response.writeHead(500).end() });
    await fails(server.url("/b.zip"), /answered HTTP 500/, { integrity });
  });

  it("rejects a .sha256 file that holds no hash", async () => {
    const server = await serve({ "/b.zip": bytes(zip), "/b.zip.sha256": bytes("<html>oops</html>") });
    const error = await fails(server.url("/b.zip"), /b\.zip\.sha256 does not start with a sha256 in hex/);
    assert.equal(server.hits.get("/b.zip"), undefined);
    assert.match(error.hint, /--integrity/);
  });

  it("removes the partial download when the process gets SIGTERM mid-transfer", async () => {
    const server = await serve({ "/b.zip": stallAfter(zip, 5000) });
    const tempRoot = testdir();
    const module = pathToFileURL(join(packageRoot, "dist/src/install/bundle/resolve-bundle.js")).href;
    const script = `const { resolveBundle } = await import(${JSON.stringify(module)});
      await resolveBundle(${JSON.stringify(server.url("/b.zip"))}, { integrity: "${integrity}", tempRoot: ${JSON.stringify(tempRoot)} });`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "ignore" });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on("exit", (_code, signal) => resolve(signal)),
    );
    while (!hasPartialDownload(tempRoot)) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill("SIGTERM");
    assert.equal(await exited, "SIGTERM");
    assert.deepEqual(leftovers(tempRoot), []);
  });
});

function hasPartialDownload(tempRoot: string): boolean {
  const [temp] = leftovers(tempRoot);
  return temp !== undefined && existsSync(join(tempRoot, temp, "bundle.zip"));
}
