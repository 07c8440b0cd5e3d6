import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createSign, randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after } from "node:test";
import { binary } from "./install-sh.js";
import { freePort } from "./serve-process.js";
import { testdir } from "./testdir.js";

export interface Registry {
  /** HOST:PORT */
  host: string;
  stop(): void;
}

export interface TokenAuth {
  /** the token service's URL, the realm the registry names */
  realm: string;
  /** PEM of the certificate whose key signs the tokens */
  certFile: string;
}

/**
 * Debian's docker-registry (CNCF distribution) on a free loopback port, with its own config file and a
 * temporary storage folder; stopped when the test file ends. A missing binary fails the test (CI installs it).
 */
export async function startRegistry(auth?: TokenAuth): Promise<Registry> {
  const program = binary("docker-registry");
  const dir = testdir();
  const port = await freePort();
  const authBlock = auth
    ? `auth:\n  token:\n    realm: ${auth.realm}\n    service: agentc-test\n    issuer: agentc-test-issuer\n    rootcertbundle: ${auth.certFile}\n`
    : "";
  writeFileSync(
    join(dir, "config.yml"),
    `version: 0.1\nlog:\n  level: error\n  accesslog:\n    disabled: true\nstorage:\n  filesystem:\n    rootdirectory: ${join(dir, "data")}\n  delete:\n    enabled: true\nhttp:\n  addr: 127.0.0.1:${port}\n${authBlock}`,
  );
  const child: ChildProcess = spawn(program, ["serve", join(dir, "config.yml")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  after(() => child.kill("SIGKILL"));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`docker-registry exited: ${stderr}`);
    const up = await fetch(`http://127.0.0.1:${port}/v2/`).then(
      (r) => r.status === 200 || r.status === 401,
      () => false,
    );
    if (up) return { host: `127.0.0.1:${port}`, stop: () => child.kill("SIGKILL") };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`docker-registry did not answer on port ${port}: ${stderr}`);
}

/** `skopeo <args>` (Debian's skopeo), which reads a registry independently of agentc. */
export function skopeo(...args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(binary("skopeo"), args, { encoding: "utf8" });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A token service for the registry's token auth (the distribution spec's flow): checks Basic credentials
 * and hands out RS256 JWTs signed by a throw-away certificate, carried in the x5c header.
 */
export async function startTokenService(
  user: string,
  password: string,
): Promise<TokenAuth & { requests: number }> {
  const dir = testdir();
  const key = join(dir, "key.pem");
  const certFile = join(dir, "cert.pem");
  const made = spawnSync(
    binary("openssl"),
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      certFile,
      "-subj",
      "/CN=agentc-test-token",
      "-days",
      "2",
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  const der = readFileSync(certFile, "utf8").replace(/-----[^-]+-----|\s/g, "");
  const state = { requests: 0 };
  const server = createServer((req, res) => {
    state.requests++;
    const url = new URL(req.url ?? "/", "http://x");
    const expected = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { "content-type": "application/json" }).end('{"errors":[{"code":"UNAUTHORIZED"}]}');
      return;
    }
    const [, name, actions] = /^repository:([^:]+):(.*)$/.exec(url.searchParams.get("scope") ?? "") ?? [];
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: "agentc-test-issuer",
      sub: user,
      aud: url.searchParams.get("service"),
      exp: now + 300,
      nbf: now - 10,
      iat: now,
      jti: randomBytes(8).toString("hex"),
      access: name ? [{ type: "repository", name, actions: (actions ?? "").split(",") }] : [],
    };
    const encode = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString("base64url");
    const body = `${encode({ typ: "JWT", alg: "RS256", x5c: [der] })}.${encode(claims)}`;
    const signature = createSign("RSA-SHA256").update(body).sign(readFileSync(key)).toString("base64url");
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ token: `${body}.${signature}` }));
  });
  const port = await listen(server);
  return {
    realm: `http://127.0.0.1:${port}/token`,
    certFile,
    get requests() {
      return state.requests;
    },
  };
}

export type Fault = "none" | "blob-500" | "manifest-500" | "wrong-digest" | "truncated-blob" | "corrupt-blob";

/** A proxy in front of a real registry that damages answers on purpose; `fault` may change between requests. */
export async function faultyProxy(upstream: string): Promise<{ host: string; fault: Fault }> {
  const control = { host: "", fault: "none" as Fault };
  const server = createServer((req, res) => forward(req, res, upstream, control.fault));
  control.host = `127.0.0.1:${await listen(server)}`;
  return control;
}

function forward(req: IncomingMessage, res: ServerResponse, upstream: string, fault: Fault): void {
  const [hostname, port] = upstream.split(":");
  const isBlob = /\/blobs\/sha256:/.test(req.url ?? "") && req.method === "GET";
  const isManifest = /\/manifests\//.test(req.url ?? "") && req.method === "GET";
  if ((fault === "blob-500" && isBlob) || (fault === "manifest-500" && isManifest)) {
    res
      .writeHead(500, { "content-type": "application/json" })
      .end('{"errors":[{"code":"UNKNOWN","message":"injected"}]}');
    return;
  }
  const out = request(
    { hostname, port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream } },
    (up) => {
      const headers = { ...up.headers };
      if (fault === "wrong-digest" && isManifest)
        headers["docker-content-digest"] = `sha256:${"0".repeat(64)}`;
      const chunks: Buffer[] = [];
      up.on("data", (c: Buffer) => chunks.push(c));
      up.on("end", () => {
        let body = Buffer.concat(chunks);
        if (isBlob && fault === "corrupt-blob" && body.length > 0) {
          body = Buffer.from(body);
          body[body.length >> 1] = (body[body.length >> 1] ?? 0) ^ 0xff;
        }
        res.writeHead(up.statusCode ?? 502, headers);
        if (isBlob && fault === "truncated-blob") {
          res.write(body.subarray(0, body.length >> 1));
          res.socket?.destroy();
        } else res.end(body);
      });
    },
  );
  req.pipe(out);
}

function listen(server: Server): Promise<number> {
  after(() => server.close());
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}
