import { createReadStream } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { redacted } from "../../install/index.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { parseJson } from "../../shared/nesting-limit.js";

export interface RegistryResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RegistryRequest {
  method: "GET" | "HEAD" | "POST" | "PUT";
  url: URL;
  headers?: Record<string, string>;
  /** bytes, or a file streamed as the body */
  body?: Buffer | { file: string; size: number };
  /** the longest response body read (manifests, errors, tokens) */
  maxBytes?: number;
  /** the longest wait without progress */
  idleMs?: number;
}

const defaultMaxBytes = 4 * 2 ** 20;
const retryHint = "check the registry address and that it is up; if it is flaky, try again";

/** One HTTP exchange with a registry: bounded in size and time; no redirects (callers handle those). */
export function registryRequest(req: RegistryRequest): Promise<RegistryResponse> {
  const maxBytes = req.maxBytes ?? defaultMaxBytes;
  const send = req.url.protocol === "https:" ? httpsRequest : httpRequest;
  const length = req.body === undefined ? 0 : Buffer.isBuffer(req.body) ? req.body.length : req.body.size;
  const headers = {
    "user-agent": "agentc",
    ...req.headers,
    ...(req.body !== undefined ? { "content-length": String(length) } : {}),
  };
  return new Promise((resolve, reject) => {
    const fail = (why: string): void =>
      reject(new AgentcError("bundle", `${req.method} ${redacted(req.url)} failed: ${why}`, retryHint));
    const sent = send(req.url, { method: req.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      let total = 0;
      res.on("data", (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) res.destroy(new Error(`the answer is larger than ${maxBytes} bytes`));
        else chunks.push(chunk);
      });
      res.on("error", (error) => fail(error.message));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.setTimeout(req.idleMs ?? 60_000, () =>
      sent.destroy(new Error(`no progress for ${(req.idleMs ?? 60_000) / 1000} s`)),
    );
    sent.on("error", (error) => fail((error as NodeJS.ErrnoException).code ?? error.message));
    if (req.body === undefined) sent.end();
    else if (Buffer.isBuffer(req.body)) sent.end(req.body);
    else
      createReadStream(req.body.file)
        .on("error", (error) => sent.destroy(error))
        .pipe(sent);
  });
}

/** The registry's own words for a failed request: the first of its OCI error codes, else the status. */
export function registryProblem(response: RegistryResponse): string {
  try {
    const { errors } = parseJson(response.body.toString("utf8")) as {
      errors?: { code?: string; message?: string }[];
    };
    const first = errors?.[0];
    if (first?.code)
      return `HTTP ${response.status} ${first.code}${first.message ? `: ${first.message}` : ""}`;
  } catch {
    // not an OCI error body
  }
  return `HTTP ${response.status}`;
}
