import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../src/shared/package-paths.js";
import { freePort } from "../support/serve-process.js";
import { testdir, writeFiles } from "../support/testdir.js";
import { stopper } from "./upstream.js";

/** A real npm registry (Verdaccio, a devDependency) on a free loopback port, with no uplink. */
export interface NpmServer {
  url: string;
  /** `npm publish` of a package made of these files (package.json among them). */
  publish(files: Record<string, string>): void;
  /**
   * Changes a published package's stored packument, as a registry that computes more than Verdaccio does
   * (registry.npmjs.org states `dist.unpackedSize`) would serve it.
   */
  editPackument(name: string, edit: (packument: Record<string, unknown>) => void): void;
  stop(): Promise<void>;
}

/** `shared`: the file's tests share it and stop it themselves; else it stops when the test that started it ends. */
export async function startNpmServer(shared = false): Promise<NpmServer> {
  const dir = testdir({}, "agentc-npm-");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  writeFileSync(
    join(dir, "config.yaml"),
    `storage: ${join(dir, "storage")}\nauth:\n  htpasswd:\n    file: ${join(dir, "htpasswd")}\n    max_users: 10\nuplinks: {}\npackages:\n  '**':\n    access: $all\n    publish: $authenticated\nlog: { type: stdout, format: pretty, level: fatal }\n`,
  );
  const bin = join(packageRoot, "node_modules", "verdaccio", "bin", "verdaccio");
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, "--config", join(dir, "config.yaml"), "--listen", `127.0.0.1:${port}`],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const stop = stopper(child, !shared);
  await waitForPing(url, child, () => stderr);
  const token = await addUser(url);
  const npmrc = join(dir, "npmrc");
  writeFileSync(npmrc, `//127.0.0.1:${port}/:_authToken=${token}\n`);
  return {
    url,
    publish(files) {
      const pkg = testdir(files, "agentc-pkg-");
      execFileSync("npm", ["publish", "--registry", url, "--userconfig", npmrc], {
        cwd: pkg,
        stdio: ["ignore", "ignore", "pipe"],
        env: { ...process.env, npm_config_cache: join(dir, "npm-cache") },
      });
    },
    editPackument(name, change) {
      const path = join(dir, "storage", name, "package.json");
      const packument = JSON.parse(readFileSync(path, "utf8"));
      change(packument);
      writeFileSync(path, JSON.stringify(packument));
    },
    stop,
  };
}

async function waitForPing(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited: ${stderr()}`);
    const up = await fetch(`${url}/-/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`verdaccio did not answer at ${url}: ${stderr()}`);
}

async function addUser(url: string): Promise<string> {
  const response = await fetch(`${url}/-/user/org.couchdb.user:publisher`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "publisher", password: "publisher-password" }),
  });
  const answer = (await response.json()) as { token?: string };
  if (!answer.token) throw new Error(`verdaccio gave no token: ${JSON.stringify(answer)}`);
  return answer.token;
}

export { writeFiles };
