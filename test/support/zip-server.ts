import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { after } from "node:test";

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface LoopbackServer {
  url(path: string): string;
  /** How many requests each path received. */
  hits: Map<string, number>;
}

/** A real node:http server on 127.0.0.1 serving the given routes (404 elsewhere), closed when the file ends. */
export async function serve(routes: Record<string, Route>): Promise<LoopbackServer> {
  const hits = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) route(request, response);
    else response.writeHead(404).end("not found");
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  after(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  const { port } = server.address() as AddressInfo;
  return { url: (path) => `http://127.0.0.1:${port}${path}`, hits };
}

/** Serves bytes with a Content-Length. */
export function bytes(body: Buffer | string): Route {
  return (_request, response) => {
    response.writeHead(200, { "content-length": Buffer.byteLength(body) }).end(body);
  };
}
