import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { extname, join, normalize, sep } from "node:path";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
};

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

/** Serves a folder read-only on 127.0.0.1 (`/` is index.html), as any static host would. */
export async function serveFolder(root: string): Promise<StaticSite> {
  const sockets = new Set<Socket>();
  const server: Server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = normalize(join(root, path.endsWith("/") ? `${path}index.html` : path));
    if (!file.startsWith(root + sep) || request.method !== "GET") return void response.writeHead(404).end();
    try {
      const body = await readFile(file);
      response
        .writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" })
        .end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The registry page of a build, over HTTP on loopback. */
export function serveBuildPage(buildDir: string): Promise<StaticSite> {
  return serveFolder(join(buildDir, "site"));
}
