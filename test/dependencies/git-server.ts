import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../support/serve-process.js";
import { testdir, writeFiles } from "../support/testdir.js";
import { stopper } from "./upstream.js";

const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: "upstream",
  GIT_AUTHOR_EMAIL: "upstream@example.org",
  GIT_COMMITTER_NAME: "upstream",
  GIT_COMMITTER_EMAIL: "upstream@example.org",
  GIT_CONFIG_NOSYSTEM: "1",
};

const git = (cwd: string, ...args: string[]): string =>
  execFileSync("git", args, { cwd, env: gitEnv, encoding: "utf8" }).trim();

/** A real git daemon on a free loopback port serving every repository below its folder. */
export interface GitServer {
  /** The git:// URL of a repository of the server's folder. */
  url(name: string): string;
  /** Makes a repository on branch main with one commit of these files; returns the commit. */
  create(name: string, files: Record<string, string>): string;
  /** Commits changed or new files on main (a `.sh` file executable); returns the commit. */
  commit(name: string, files: Record<string, string>, message?: string): string;
  /** Commits a symbolic link at `path` pointing at `target`; returns the commit. */
  link(name: string, path: string, target: string): string;
  /** Tags the current commit of main. */
  tag(name: string, tag: string): void;
  stop(): Promise<void>;
}

export async function startGitServer(): Promise<GitServer> {
  const base = testdir({}, "agentc-git-");
  const port = await freePort();
  const child: ChildProcess = spawn(
    "git",
    [
      "daemon",
      "--reuseaddr",
      "--export-all",
      `--base-path=${base}`,
      "--listen=127.0.0.1",
      `--port=${port}`,
      base,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const stop = stopper(child);
  const server: GitServer = {
    url: (name) => `git://127.0.0.1:${port}/${name}`,
    create(name, files) {
      const repo = join(base, name);
      execFileSync("git", ["init", "-q", "-b", "main", repo], { env: gitEnv });
      return server.commit(name, files, "first");
    },
    commit(name, files, message = "change") {
      const repo = join(base, name);
      writeFiles(repo, files);
      for (const path of Object.keys(files).filter((p) => p.endsWith(".sh")))
        chmodSync(join(repo, path), 0o755);
      git(repo, "add", "-A");
      git(repo, "commit", "-q", "-m", message);
      return git(repo, "rev-parse", "HEAD");
    },
    link(name, path, target) {
      const repo = join(base, name);
      symlinkSync(target, join(repo, path));
      git(repo, "add", "-A");
      git(repo, "commit", "-q", "-m", "link");
      return git(repo, "rev-parse", "HEAD");
    },
    tag: (name, tag) => void git(join(base, name), "tag", tag),
    stop,
  };
  server.create(".probe", { "README.md": "probe\n" });
  for (let i = 0; i < 100; i++) {
    try {
      execFileSync("git", ["ls-remote", server.url(".probe")], { stdio: "ignore", env: gitEnv });
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`git daemon did not answer on port ${port}`);
}
