import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../src/shared/package-paths.js";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} in ${cwd} failed (${result.status}):\n${result.stderr}`);
  return result.stdout;
}

/**
 * The repository's files as a fresh clone has them (tracked and not ignored, so no dist/), with this
 * checkout's node_modules linked in for the build tools.
 */
export function freshCopy(into: string): string {
  const dir = join(into, "agentc");
  const files = run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], packageRoot)
    .split("\0")
    .filter((f) => f !== "" && statSync(join(packageRoot, f), { throwIfNoEntry: false })?.isFile());
  for (const file of files) cpSync(join(packageRoot, file), join(dir, file));
  symlinkSync(join(packageRoot, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}

/**
 * This checkout as its build left it (dist/ included), without node_modules and .git: what npm packs of it is the
 * same (the package bundles no dependency), and npm, finding no node_modules, does not load the tree of the
 * hundreds of packages installed there first.
 */
export function builtCopy(into: string): string {
  const dir = join(into, "agentc");
  cpSync(packageRoot, dir, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|\.git)$/.test(source),
  });
  return dir;
}

/** `npm pack` in `dir` into `destination` (its prepack runs unless `ignoreScripts`); the tarball's path. */
export function npmPack(dir: string, destination: string, options: { ignoreScripts?: boolean } = {}): string {
  const flags = options.ignoreScripts ? ["--ignore-scripts"] : [];
  run(npm, ["pack", "--silent", "--pack-destination", destination, ...flags], dir);
  const [tarball] = readdirSync(destination).filter((f) => f.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${destination}`);
  return join(destination, tarball);
}

/** `npm install <tarball>` in the empty folder `dir`, from npm's cache when it has the dependencies. */
export function installTarball(tarball: string, dir: string): string {
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: "agentc-user", private: true })}\n`);
  run(npm, ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], dir);
  return dir;
}

/** The packages npm installed in `dir`, from its lockfile (`node_modules/…` entries). */
export function installedPackages(dir: string): string[] {
  const lock = JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8")) as {
    packages: Record<string, unknown>;
  };
  return Object.keys(lock.packages)
    .filter((key) => key.startsWith("node_modules/"))
    .map((key) => key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length));
}

/**
 * `node_modules/.bin/agentc …` in `dir`: the bin npm linked for the installed package, which `npx agentc` runs,
 * without npx's own start (npm's, about half a second of CPU).
 */
export function installedAgentc(
  dir: string,
  args: string[],
): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(join(dir, "node_modules", ".bin", "agentc"), args, {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
    input: "",
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** `npx --no agentc …` in `dir`: the agentc npm installed there, never one downloaded for the run. */
export function npxAgentc(dir: string, args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(npx, ["--no", "--", "agentc", ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", npm_config_update_notifier: "false" },
    input: "",
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
