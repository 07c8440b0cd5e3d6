import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, get } from "node:http";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { packBundle } from "../src/packaging/bundle-zip.js";
import { packageRoot } from "../src/shared/package-paths.js";
import { writeBuildFolder } from "./build-folder.js";

/**
 * The serve benchmark (docs/serve.md, *Benchmark*): `agentc serve` against `python3 -m http.server` on the
 * same files, on loopback, with the same client: requests/s for a small file (manifest.json) and MB/s for
 * the bundle. Median of three rounds, after an untimed warm-up round for each.
 */
const smallRequests = 4000;
const bundleRequests = 40;
const rounds = 3;

interface Server {
  name: string;
  small: string;
  bundle: string;
  child: ChildProcess;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "agentc-serve-bench-"));
  try {
    const { build, plain } = makeFiles(work);
    const agentc = await startAgentc(build);
    const python = await startPython(plain);
    console.log(
      `serve benchmark: ${smallRequests} GETs of manifest.json (16 at a time), ${bundleRequests} GETs of a 16 MiB bundle (8 at a time); load ${loadavg()[0]?.toFixed(1)}`,
    );
    console.log("| server | connections | small file, requests/s | bundle, MB/s |\n|---|---|---|---|");
    for (const [server, keepAlive] of [
      [agentc, true],
      [agentc, false],
      [python, false],
    ] as const) {
      const small: number[] = [];
      const large: number[] = [];
      for (let r = 0; r < rounds; r++) {
        small.push(
          await throughput(server.small, smallRequests, 16, keepAlive).then((t) => t.requestsPerSecond),
        );
        large.push(
          await throughput(server.bundle, bundleRequests, 8, keepAlive).then((t) => t.megabytesPerSecond),
        );
      }
      console.log(
        `| ${server.name} | ${keepAlive ? "keep-alive" : "one per request"} | ${median(small).toFixed(0)} | ${median(large).toFixed(0)} |`,
      );
    }
    agentc.child.kill("SIGTERM");
    python.child.kill("SIGTERM");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A build folder (200 rule files and a 16 MiB payload), and the same files for the plain server. */
function makeFiles(work: string): { build: string; plain: string } {
  const files: Record<string, string | Buffer> = { "data/payload.bin": randomBytes(16 * 2 ** 20) };
  for (let i = 0; i < 200; i++)
    files[`.rules/rule-${i}.md`] = `# Rule ${i}\n\n${"Keep it short. ".repeat(20)}\n`;
  const build = join(work, "build");
  writeBuildFolder(build, files, ".rules", "1.0.0");
  const plain = join(work, "plain");
  mkdirSync(plain);
  packBundle(build, join(plain, "bundle.zip"));
  copyFileSync(join(build, "manifest.json"), join(plain, "manifest.json"));
  return { build, plain };
}

async function startAgentc(build: string): Promise<Server> {
  const child = spawn(
    process.execPath,
    [join(packageRoot, "bin", "agentc.js"), "serve", build, "--port", "0", "--quiet"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve) =>
    child.stdout?.once("data", (d: Buffer) => resolve(d.toString().split("\n")[0] as string)),
  );
  const index = JSON.parse(await (await fetch(`${url}index.json`)).text());
  return {
    name: "agentc serve",
    small: `${url}manifest.json`,
    bundle: `${url}${index.versions[0].bundle}`,
    child,
  };
}

async function startPython(dir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    "python3",
    ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", dir],
    { stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(url).then(
      () => true,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 100));
  return { name: "python3 -m http.server", small: `${url}manifest.json`, bundle: `${url}bundle.zip`, child };
}

async function throughput(url: string, count: number, parallel: number, keepAlive: boolean) {
  const agent = new Agent({ keepAlive, maxSockets: parallel });
  let bytes = 0;
  let next = 0;
  const start = process.hrtime.bigint();
  const worker = async (): Promise<void> => {
    while (next++ < count) bytes += await fetchBytes(url, agent);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  agent.destroy();
  return { requestsPerSecond: count / seconds, megabytesPerSecond: bytes / 1e6 / seconds };
}

function fetchBytes(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      let n = 0;
      res.on("data", (c: Buffer) => {
        n += c.length;
      });
      res.on("end", () =>
        res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
      );
    }).on("error", reject);
  });
}

function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    }),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

main().catch((error: Error) => {
  console.error(`serve benchmark failed: ${error.message}`);
  process.exitCode = 1;
});
