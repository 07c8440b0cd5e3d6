import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { get as httpGet, type IncomingMessage } from "node:http";
import { get as httpsGet } from "node:https";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AgentcError } from "../../shared/agentc-error.js";
import { isNoSpace } from "../model/no-space.js";
import { noSpaceError } from "./bundle-error.js";
import { DownloadWatchdog } from "./download-watchdog.js";
import { redacted, redirectTarget } from "./source-url.js";

export interface DownloadOptions {
  maxBytes: number;
  timeoutMs: number;
  stallMs: number;
  onProgress?: ((done: number, total?: number) => void) | undefined;
  /** extra request headers (an OCI registry's Authorization); not sent on after a redirect to another host */
  headers?: Record<string, string>;
}

export interface Downloaded {
  sha256: string;
  bytes: number;
}

const maxRedirects = 3;
const retryHint = "check the address; if the server is flaky, try again";

/**
 * Streams one https resource into `file` (created new, never overwritten), hashing as it goes.
 * Follows at most three redirects that stay on https; refuses bodies over maxBytes (by header or by
 * count) and bodies shorter than their Content-Length. The caller removes `file` on failure.
 */
export async function downloadToFile(url: URL, file: string, options: DownloadOptions): Promise<Downloaded> {
  const watchdog = new DownloadWatchdog(redacted(url), options.timeoutMs, options.stallMs);
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const headers = current.host === url.host ? options.headers : undefined;
      const response = await request(current, watchdog, headers);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location !== undefined) {
        response.resume();
        if (hop >= maxRedirects)
          throw new AgentcError(
            "bundle",
            `${redacted(url)} redirects more than ${maxRedirects} times`,
            retryHint,
          );
        current = redirectTarget(current, response.headers.location);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new AgentcError("bundle", `${redacted(current)} answered HTTP ${status}`, retryHint);
      }
      return await receive(response, file, options, watchdog, redacted(current));
    }
  } finally {
    watchdog.stop();
  }
}

function request(
  url: URL,
  watchdog: DownloadWatchdog,
  extra: Record<string, string> = {},
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === "https:" ? httpsGet : httpGet;
    const headers = { ...extra, "user-agent": "agentc", "accept-encoding": "identity" };
    const req = get(url, { headers }, resolve);
    req.on("error", (error) => reject(watchdog.reason ?? networkError(redacted(url), error)));
    watchdog.watch(req);
  });
}

async function receive(
  response: IncomingMessage,
  file: string,
  options: DownloadOptions,
  watchdog: DownloadWatchdog,
  label: string,
): Promise<Downloaded> {
  const header = response.headers["content-length"];
  const total = header === undefined ? undefined : Number(header);
  if (total !== undefined && total > options.maxBytes) {
    response.destroy();
    throw oversize(label, options.maxBytes, total);
  }
  const hash = createHash("sha256");
  let done = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      done += chunk.length;
      if (done > options.maxBytes) return callback(oversize(label, options.maxBytes));
      hash.update(chunk);
      watchdog.touch();
      options.onProgress?.(done, total);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(response, meter, createWriteStream(file, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    if (isNoSpace(error)) throw noSpaceError(`cannot save the download of ${label}`, error);
    throw watchdog.reason ?? (error instanceof AgentcError ? error : networkError(label, error as Error));
  }
  if (total !== undefined && done !== total)
    throw new AgentcError(
      "bundle",
      `download of ${label} is truncated: ${done} of ${total} bytes`,
      retryHint,
    );
  return { sha256: hash.digest("hex"), bytes: done };
}

function oversize(label: string, maxBytes: number, total?: number): AgentcError {
  const size = total === undefined ? "more than" : `${total} bytes, over`;
  return new AgentcError(
    "bundle",
    `download of ${label} is ${size} the limit of ${maxBytes} bytes`,
    "raise maxBytes only if you trust the source; a bundle is normally a few MB",
  );
}

/** Codes of a connection that never opened: nothing listens there, or no such host. */
const unreachableCodes = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH"]);

function networkError(label: string, error: Error): AgentcError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== undefined && unreachableCodes.has(code))
    return new AgentcError(
      "bundle",
      `download of ${label} failed: nothing answered there (${code === "ECONNREFUSED" ? "connection refused" : code})`,
      "check the address and that the server runs; a server started with --port 0 gets a new port each start, so give 'agentc serve' a fixed --port and recorded URLs keep working",
      { unreachable: true },
    );
  const detail =
    code === "ECONNRESET" || error.message === "aborted"
      ? "the connection closed early (truncated)"
      : error.message;
  return new AgentcError("bundle", `download of ${label} failed: ${detail}`, retryHint);
}
