import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentcError } from "../shared/agentc-error.js";
import { respond } from "./respond.js";
import { type Routes, serveRoutes } from "./serve-routes.js";
import { type FolderChange, followFolder } from "./served-folder.js";
import type { ServedVersion } from "./served-version.js";
import { readSite, type SiteFiles } from "./site-files.js";

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
  /** the folder changed while serving: versions added or removed (docs/serve.md, "Following the folder") */
  changed?(versions: readonly ServedVersion[], change: FolderChange): void;
}

export interface RunningServe {
  /** the base URL, "http://HOST:PORT/" */
  url: string;
  /** the versions served at start, newest first */
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

/**
 * Snapshots what it serves, then listens. The folder is followed while serving (served-folder.ts): the
 * address table is rebuilt whenever the versions change, and every request is answered from one table.
 */
export async function startServe(options: ServeOptions): Promise<RunningServe> {
  const work = mkdtempSync(join(tmpdir(), "agentc-serve-"));
  let folder: ReturnType<typeof followFolder> | undefined;
  try {
    folder = followFolder({
      path: options.path,
      work,
      warn: options.warn,
      changed: (versions, change) => options.changed?.(versions, change),
    });
    const versions = folder.current();
    let routes: Routes = new Map();
    let routed: readonly ServedVersion[] = [];
    const server = makeServer(options, (req, res) => {
      const now = folder?.current() ?? routed;
      if (now !== routed) {
        routes = routesOf(now, options, baseUrl, false);
        routed = now;
      }
      respond(routes, req, res);
    });
    const url = await listen(server, options);
    const baseUrl = options.publicUrl ?? url;
    routes = routesOf(versions, options, baseUrl, true);
    routed = versions;
    const followed = folder;
    return {
      url,
      versions,
      close: () => {
        followed.close();
        return stop(server, work);
      },
    };
  } catch (error) {
    folder?.close();
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The address table for these versions, with the newest one's registry page. A page that cannot be read
 * stops the server at start (`atStart`), and later only leaves the page out, with a warning.
 */
function routesOf(
  versions: readonly ServedVersion[],
  options: ServeOptions,
  baseUrl: string,
  atStart: boolean,
): Routes {
  const site = siteOf(versions[0], options.warn, atStart);
  const installScript = options.installScript;
  return serveRoutes({
    versions,
    site,
    baseUrl,
    ...(installScript ? { installScript: (v: ServedVersion) => installScript(v, baseUrl) } : {}),
  });
}

function siteOf(
  latest: ServedVersion | undefined,
  warn: (text: string) => void,
  atStart: boolean,
): SiteFiles | undefined {
  if (!latest?.siteDir) return undefined;
  try {
    return readSite(latest.siteDir, warn);
  } catch (error) {
    if (atStart || !(error instanceof AgentcError)) throw error;
    warn(`the registry page of ${latest.origin} is not served: ${error.message}`);
    return undefined;
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
        new AgentcError(
          "serve",
          `cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`,
          error.code === "EADDRINUSE"
            ? "another program (perhaps another agentc serve) uses that port: stop it, or choose another fixed --port (projects record the URL they install from, so keep the one they know); --port 0 picks a free port for this run only"
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
