import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadVersions } from "./load-versions.js";
import { respond } from "./respond.js";
import { ServeError } from "./serve-error.js";
import { serveOrigins } from "./serve-origins.js";
import { type Routes, serveRoutes } from "./serve-routes.js";
import type { ServedVersion } from "./served-version.js";
import { readSite } from "./site-files.js";

export interface ServeOptions {
  /** a build folder, a bundle zip, or a folder of versions */
  path: string;
  host: string;
  /** 0: any free port */
  port: number;
  /** the address clients use, when it is not the listening one (a proxy in front); ends with '/' */
  publicUrl?: string;
  /** how long a connection may go without progress (reading the request, or taking the response) */
  idleTimeoutMs?: number;
  installScript?: (version: ServedVersion, baseUrl: string) => string;
  warn(text: string): void;
}

export interface RunningServe {
  /** the base URL, "http://HOST:PORT/" */
  url: string;
  versions: ServedVersion[];
  close(): Promise<void>;
}

export const serveLimits = {
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  /** How often Node looks for requests past those two deadlines: its default of 30 s let a slow client keep a connection 30 s. */
  deadlineCheckMs: 1_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
};

/** Snapshots what it serves, then listens; every address is fixed before the first request. */
export async function startServe(options: ServeOptions): Promise<RunningServe> {
  const work = mkdtempSync(join(tmpdir(), "agentc-serve-"));
  try {
    const versions = loadVersions(serveOrigins(options.path), work);
    const site = versions[0]?.siteDir ? readSite(versions[0].siteDir, options.warn) : undefined;
    let routes: Routes = new Map();
    const server = makeServer(options, (req, res) => respond(routes, req, res));
    const url = await listen(server, options);
    const baseUrl = options.publicUrl ?? url;
    const installScript = options.installScript;
    routes = serveRoutes({
      versions,
      site,
      baseUrl,
      ...(installScript ? { installScript: (v: ServedVersion) => installScript(v, baseUrl) } : {}),
    });
    return { url, versions, close: () => stop(server, work) };
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

function makeServer(options: ServeOptions, handler: Parameters<typeof createServer>[1]): Server {
  const server = createServer(
    {
      maxHeaderSize: serveLimits.maxHeaderBytes,
      headersTimeout: serveLimits.headersTimeoutMs,
      requestTimeout: serveLimits.requestTimeoutMs,
      connectionsCheckingInterval: serveLimits.deadlineCheckMs,
      keepAliveTimeout: serveLimits.keepAliveTimeoutMs,
    },
    handler,
  );
  server.timeout = options.idleTimeoutMs ?? serveLimits.idleTimeoutMs;
  server.maxConnections = serveLimits.maxConnections;
  return server;
}

function listen(server: Server, options: ServeOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new ServeError(
          `cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`,
          error.code === "EADDRINUSE"
            ? "another program uses that port: choose another --port, or --port 0 for any free one"
            : "check --host (an address of this machine) and --port (a port this user may open)",
        ),
      ),
    );
    server.listen(options.port, options.host, () => {
      const address = server.address() as AddressInfo;
      const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve(`http://${host}:${address.port}/`);
    });
  });
}

function stop(server: Server, work: string): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      rmSync(work, { recursive: true, force: true });
      resolve();
    });
    server.closeAllConnections();
  });
}
