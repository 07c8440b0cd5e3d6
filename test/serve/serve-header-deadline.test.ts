import assert from "node:assert/strict";
import { connect } from "node:net";
import { describe, it } from "node:test";
import { notLinux } from "../support/install-sh.js";
import { startServe } from "../support/serve-process.js";
import { makeBuildDir } from "../support/zip-fixtures.js";

/** What happened to a client that sends its request headers one byte every `stepMs`. */
interface SlowClient {
  /** What the server sent. */
  received: string;
  /** Header bytes the client had sent when the connection ended. */
  sent: number;
  /** The server ended its side (a FIN the client read). */
  endedByServer: boolean;
  /** The server reset the connection (ECONNRESET). */
  resetByServer: boolean;
}

function slowClient(url: string, headers: string, stepMs: number): Promise<SlowClient> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const outcome: SlowClient = { received: "", sent: 0, endedByServer: false, resetByServer: false };
  socket.on("data", (chunk: Buffer) => {
    outcome.received += chunk.toString();
  });
  socket.on("end", () => {
    outcome.endedByServer = true;
  });
  socket.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "ECONNRESET") outcome.resetByServer = true;
  });
  // Each byte is written after the event loop has read what arrived (setImmediate runs after the poll phase):
  // a process woken late by a loaded machine would otherwise write into the connection the server already
  // closed, and the reset that answers that write discards the 408 and the FIN before they are read.
  const timer = setInterval(() => {
    setImmediate(() => {
      if (
        outcome.sent === headers.length ||
        socket.destroyed ||
        outcome.endedByServer ||
        outcome.resetByServer
      )
        return;
      socket.write(headers[outcome.sent] ?? "");
      outcome.sent++;
    });
  }, stepMs);
  return new Promise((resolve) =>
    socket.on("close", () => {
      clearInterval(timer);
      resolve(outcome);
    }),
  );
}

describe("agentc serve's header deadline (loopback, a real slow client)", { skip: notLinux }, () => {
  it("closes a connection whose headers arrive too slowly, with 408, before the client has sent them all", {
    timeout: 120_000,
  }, async () => {
    const server = await startServe([makeBuildDir({ files: { "AGENTS.md": "# rules\n" } })]);
    try {
      // 45 bytes, one every 500 ms: complete after 22 s if the server waited; it never idles 30 s (--timeout).
      const headers = "GET /index.json HTTP/1.1\r\nHost: slow.test\r\n\r\n";
      const outcome = await slowClient(server.url, headers, 500);
      // Node writes 408 and closes the socket; a header byte that arrived unread just before makes the kernel
      // close with a reset instead, which discards the 408 (TCP closes so when unread data is left): under
      // load that happens now and then. Either way the server, not the client, ended the connection.
      assert.ok(
        outcome.endedByServer || outcome.resetByServer,
        "the server ended the connection (the client never does)",
      );
      if (outcome.endedByServer || outcome.received !== "")
        assert.match(outcome.received, /^HTTP\/1\.1 408 /, "the server answered 408 Request Timeout");
      assert.ok(
        outcome.sent < headers.length,
        `the server waited for all ${headers.length} header bytes (sent ${outcome.sent}): it kept the connection past its deadline`,
      );
      const index = await fetch(`${server.url}index.json`);
      assert.equal(index.status, 200, "and serves other clients as before");
    } finally {
      await server.stop();
    }
  });
});
