import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../src/shared/package-paths.js";

/** One run of a child process: wall time including Node start-up, and the child's peak resident memory. */
export interface ChildRun {
  wallMs: number;
  /** User + system CPU time of the child: less sensitive than wall time to other load on the machine. */
  cpuMs: number;
  peakRssKb: number;
  status: number;
  stdout: string;
  stderr: string;
}

const gnuTime = "/usr/bin/time";
const rssMarker = "agentc-bench-maxrss-kb=";
/** Used when /usr/bin/time is missing: preloaded into the child, prints its own peak RSS at exit. */
const rssReporter = `data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("\\n${rssMarker}"+u.maxRSS+" "+u.userCPUTime/1e6+" "+u.systemCPUTime/1e6+"\\n")})`;

export const measuresRssWith = existsSync(gnuTime)
  ? '/usr/bin/time -f "%M %U %S"'
  : "process.resourceUsage()";

/** Runs `agentc build` with the real CLI binary. */
export function runBuild(registry: string, out: string, extra: string[] = ["--quiet"]): ChildRun {
  const args = [join(packageRoot, "bin", "agentc.js"), "build", registry, "--out", out, ...extra];
  return timed(process.execPath, args, true);
}

export function runCopy(from: string, to: string): ChildRun {
  return timed("cp", ["-r", from, to], false);
}

/** Runs `command` once and measures it; `node` says it is a Node process (for the RSS fallback). */
export function timed(command: string, args: string[], node: boolean, cwd?: string): ChildRun {
  const useTime = existsSync(gnuTime);
  const [file, argv] = useTime
    ? [gnuTime, ["-f", `${rssMarker}%M %U %S`, command, ...args]]
    : [command, node ? ["--import", rssReporter, ...args] : args];
  const start = process.hrtime.bigint();
  const child = spawnSync(file, argv, {
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
    env: childEnv(),
    ...(cwd ? { cwd } : {}),
  });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.error) throw child.error;
  const { stderr, peakRssKb, cpuMs } = splitUsage(child.stderr);
  return { wallMs, cpuMs, peakRssKb, status: child.status ?? -1, stdout: child.stdout, stderr };
}

function childEnv(): NodeJS.ProcessEnv {
  return { ...process.env, NO_COLOR: "1", LC_ALL: "C" };
}

/** Separates the "<marker>maxRSS user system" line from the child's own stderr. */
function splitUsage(stderr: string): { stderr: string; peakRssKb: number; cpuMs: number } {
  const at = stderr.lastIndexOf(rssMarker);
  if (at < 0) return { stderr, peakRssKb: Number.NaN, cpuMs: Number.NaN };
  const [rss = "", user = "", system = ""] = stderr
    .slice(at + rssMarker.length)
    .trim()
    .split(/\s+/);
  const own = stderr.slice(0, at).replace(/^Command exited with non-zero status \d+\n?/m, "");
  return {
    stderr: own.trimEnd(),
    peakRssKb: Number.parseInt(rss, 10),
    cpuMs: (Number.parseFloat(user) + Number.parseFloat(system)) * 1000,
  };
}

/** Every file below dir with its mtime in nanoseconds, keyed by dir-relative path. */
export function snapshotTree(dir: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(path.slice(dir.length + 1), lstatSync(path, { bigint: true }).mtimeNs);
  }
  return out;
}

/** Paths whose mtime differs, plus paths that appeared or vanished. */
export function changedPaths(before: Map<string, bigint>, after: Map<string, bigint>): string[] {
  const changed = [...after].filter(([path, mtime]) => before.get(path) !== mtime).map(([p]) => p);
  const vanished = [...before.keys()].filter((path) => !after.has(path));
  return [...changed, ...vanished].sort();
}

export function emptyDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid] ?? Number.NaN;
  return ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
}
