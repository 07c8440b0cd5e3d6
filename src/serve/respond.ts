import { createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { routeKey } from "./request-path.js";
import type { Resource } from "./resource.js";
import type { Routes } from "./serve-routes.js";

const immutable = "public, max-age=31536000, immutable";
const revalidate = "no-cache";

/** Answers one request from the route table: GET and HEAD only, no request bodies, strong ETags. */
export function respond(routes: Routes, req: IncomingMessage, res: ServerResponse): void {
  const refusal = refused(req);
  if (refusal) {
    plain(res, refusal.status, refusal.message, refusal.headers);
    return;
  }
  const key = routeKey(req.url);
  const resource = "key" in key ? lookup(routes, key.key) : undefined;
  if (!resource) {
    if ("status" in key) plain(res, key.status, key.message);
    else plain(res, 404, "not found");
    return;
  }
  const headers = {
    etag: `"${resource.etag}"`,
    "cache-control": resource.immutable ? immutable : revalidate,
    "x-content-type-options": "nosniff",
    "accept-ranges": "none",
  };
  if (matchesEtag(req.headers["if-none-match"], resource.etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, "content-type": resource.type, "content-length": resource.bytes });
  if (req.method === "HEAD") res.end();
  else send(resource, res);
}

interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

function refused(req: IncomingMessage): Refusal | undefined {
  if (req.method !== "GET" && req.method !== "HEAD")
    return {
      status: 405,
      message: `${req.method ?? "this method"} is not supported; use GET or HEAD`,
      headers: { allow: "GET, HEAD" },
    };
  if (hasBody(req))
    return {
      status: 413,
      message: "requests to this server carry no body",
      headers: { connection: "close" },
    };
  return undefined;
}

/** The exact route; for a folder address ("…/"), its index.html. */
function lookup(routes: Routes, key: string): Resource | undefined {
  return routes.get(key) ?? (key.endsWith("/") ? routes.get(`${key}index.html`) : undefined);
}

function send(resource: Resource, res: ServerResponse): void {
  if ("data" in resource.body) res.end(resource.body.data);
  else
    pipeline(createReadStream(resource.body.file, { highWaterMark: 64 * 1024 }), res).catch(() =>
      res.destroy(),
    );
}

/** If-None-Match: "*", or a list of entity tags, weak ones compared weakly (RFC 9110, 13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === `"${etag}"`);
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

function plain(
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): void {
  const body = `${message}\n`;
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "x-content-type-options": "nosniff",
    ...extra,
  });
  res.end(body);
}
