import assert from "node:assert/strict";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, describe, it } from "node:test";
import { download } from "../../src/dependencies/http-download.js";

/** A loopback server answering each path with its handler; closed when the file ends. */
async function serve(routes: Record<string, (response: ServerResponse) => void>): Promise<string> {
  const server = createServer((request, response) => routes[request.url ?? ""]?.(response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const kib = new Uint8Array(1024).fill(0x61);

describe("download: the size is checked before and while the body is read", () => {
  it("a Content-Length above the limit is refused without reading a body that never ends", async () => {
    const base = await serve({
      "/big.tgz": (response) => {
        response.writeHead(200, { "content-length": String(1024 ** 3) });
        response.write(kib);
      },
    });
    await assert.rejects(download(`${base}/big.tgz`, 4096, "application/octet-stream", "-"), {
      message: `${base}/big.tgz is larger than 4096 bytes`,
    });
  });

  it("without a Content-Length, an endless body is cut off once it passes the limit", async () => {
    let sent = 0;
    const base = await serve({
      "/stream.tgz": (response) => {
        response.writeHead(200, { "content-type": "application/octet-stream" });
        const more = () => {
          if (response.destroyed) return;
          sent += kib.byteLength;
          response.write(kib, more);
        };
        more();
      },
    });
    await assert.rejects(download(`${base}/stream.tgz`, 8192, "application/octet-stream", "-"), {
      message: `${base}/stream.tgz is larger than 8192 bytes`,
    });
    assert.ok(sent > 8192);
  });

  it("a body within the limit is returned whole, with or without a Content-Length", async () => {
    const base = await serve({
      "/sized": (response) => response.end(kib),
      "/chunked": (response) => {
        response.write(kib);
        response.end(kib);
      },
    });
    assert.equal((await download(`${base}/sized`, 1024, "*/*", "-")).byteLength, 1024);
    assert.equal((await download(`${base}/chunked`, 4096, "*/*", "-")).byteLength, 2048);
  });
});

describe("download: a connection dropped before the answer is tried again", () => {
  it("a server that drops the first two connections answers the third GET", async () => {
    let requests = 0;
    const base = await serve({
      "/pkg": (response) => {
        requests++;
        if (requests <= 2) response.socket?.destroy();
        else response.end(kib);
      },
    });
    assert.equal((await download(`${base}/pkg`, 4096, "*/*", "-")).byteLength, 1024);
    assert.equal(requests, 3);
  });

  it("a server that always drops the connection is unreachable after three tries", async () => {
    let requests = 0;
    const base = await serve({
      "/pkg": (response) => {
        requests++;
        response.socket?.destroy();
      },
    });
    await assert.rejects(download(`${base}/pkg`, 4096, "*/*", "-"), {
      message: new RegExp(
        `^cannot reach ${base}/pkg \\((UND_ERR_SOCKET|ECONNRESET|UND_ERR_CLOSED), 3 tries\\)$`,
      ),
    });
    assert.equal(requests, 3);
  });
});
