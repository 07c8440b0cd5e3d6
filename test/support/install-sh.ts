import { spawn, spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { after, it } from "node:test";
import { installScriptPath } from "../../src/serve/install-script.js";
import { describeTree } from "./project-tree-hash.js";
import { outcome } from "./run-cli-async.js";
import { serveInProcess } from "./serve-process.js";
import { testdir } from "./testdir.js";

/** A POSIX shell to run install.sh with, and the PATH it runs under. */
export interface Shell {
  name: string;
  command: string[];
  env: NodeJS.ProcessEnv;
}

const busyboxApplets = [
  "awk",
  "cat",
  "chmod",
  "cmp",
  "cp",
  "cut",
  "find",
  "grep",
  "head",
  "kill",
  "ln",
  "mkdir",
  "mktemp",
  "mv",
  "od",
  "printf",
  "readlink",
  "rm",
  "rmdir",
  "sed",
  "sh",
  "sha256sum",
  "sort",
  "tr",
  "wget",
];

/**
 * dash, and busybox sh with only busybox's own tools on its PATH (its awk, find, sed, wget, sha256sum...).
 * A missing shell fails the test: CI installs both (.ci/run); only a system that is not Linux skips.
 */
export function shells(): Shell[] {
  return [
    { name: "dash", command: [binary("dash")], env: {} },
    { name: "busybox sh", command: [binary("busybox"), "sh"], env: { PATH: busyboxPath() } },
  ];
}

/**
 * npm test runs each install.sh case of a file in one of the two shells, in turn (dash the first, third, …,
 * busybox sh the second, fourth, …), so that each shell runs half of them; AGENTC_INSTALL_SH=full (npm run
 * test:install-sh) runs every case in both. Make one per file; in the loop over the shells,
 * `const it = slice(shell)` declares its cases. A file needs two cases at least, for each shell to run one.
 */
export function shellSlice(): (shell: Shell) => (name: string, body: () => void | Promise<void>) => void {
  const every = process.env.AGENTC_INSTALL_SH === "full";
  const names = shells().map((s) => s.name);
  const declared = new Map<string, number>();
  return (shell) => (name, body) => {
    const index = declared.get(shell.name) ?? 0;
    declared.set(shell.name, index + 1);
    const runs = every || index % names.length === names.indexOf(shell.name);
    const skip = "npm test runs this case in the other shell: npm run test:install-sh runs it in both";
    it(name, runs ? {} : { skip }, body);
  };
}

export const notLinux =
  process.platform !== "linux" ? "install.sh is tested on Linux (dash, busybox)" : false;

export function binary(name: string): string {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    const path = join(dir, name);
    if (lstatSync(path, { throwIfNoEntry: false })) return path;
  }
  throw new Error(`${name} is not installed; the install.sh tests need it: apt-get install -y ${name}`);
}

let appletDir: string | undefined;
function busyboxPath(): string {
  if (appletDir) return appletDir;
  const busybox = binary("busybox");
  appletDir = join(testdir(), "busybox-bin");
  mkdirSync(appletDir);
  for (const applet of busyboxApplets) symlinkSync(busybox, join(appletDir, applet));
  return appletDir;
}

/** `curl -fsS URL/install.sh | sh -s -- ARGS`, with the script fetched here and piped into the shell. */
export async function runInstallSh(
  shell: Shell,
  scriptUrl: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
) {
  const script = await (await fetch(scriptUrl)).text();
  return runScript(shell, script, args, env);
}

/** Runs a script text on the shell's stdin (`sh -s -- ARGS`) without blocking this process. */
export function runScript(shell: Shell, script: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(shell.command[0] as string, [...shell.command.slice(1), "-s", "--", ...args], {
    env: { ...process.env, ...shell.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.end(script);
  return outcome(child);
}

/** The manifest reader of install.sh, run on a file: its facts, one per line. */
export function readWithShell(shell: Shell, manifest: string) {
  const result = spawnSync(
    shell.command[0] as string,
    [...shell.command.slice(1), installScriptPath, "--read-manifest", manifest],
    {
      encoding: "utf8",
      env: { ...process.env, ...shell.env },
    },
  );
  return {
    status: result.status ?? -1,
    lines: result.stdout.split("\n").filter(Boolean),
    stderr: result.stderr,
  };
}

/** Every path below a folder with its kind, mode and content (link text for links); the stat cache left out. */
export function fullTree(dir: string): Record<string, string> {
  return describeTree(
    dir,
    (abs) => readFileSync(abs, "utf8"),
    // agentc install's stat cache; install.sh cannot write it (it writes the .gitignore that keeps it out of git)
    (path) => path === ".agentc/stat-cache.json",
  );
}

/**
 * One build served at a fixed address by what `agentc serve` runs, in this process (the serve tests start the
 * real command); publish() serves another build there. Called in a test, the server stops when that test ends,
 * whether it passes or fails. Only what does not block this process may talk to it: install.sh as a child
 * process, `agentc install` in-process.
 */
export async function served(build: string) {
  let server = await serveInProcess(build);
  const port = Number(new URL(server.url).port);
  after(() => server.stop());
  return {
    url: server.url,
    script: `${server.url}install.sh`,
    async publish(next: string) {
      await server.stop();
      server = await serveInProcess(next, port);
    },
    stop: () => server.stop(),
  };
}
