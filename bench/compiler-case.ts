import { join } from "node:path";
import {
  type ChildRun,
  changedPaths,
  emptyDir,
  median,
  runBuild,
  runCopy,
  snapshotTree,
} from "./compiler-run.js";

/** What one registry measured: fresh builds, the copy baseline and an unchanged rebuild. */
export interface CaseResult {
  name: string;
  rules: number | undefined;
  files: number;
  buildMs: number;
  buildCpuMs: number;
  filesPerSecond: number;
  peakRssKb: number;
  copyMs: number;
  copyCpuMs: number;
  rebuildMs: number;
  rebuildWritten: string[];
  rebuildTouched: string[];
}

export class BenchError extends Error {}

/**
 * Builds `registry` into an empty folder (one warm-up, then `runs` times), each build followed by a
 * `cp -r` of its output: this machine's disk gets slower and faster over minutes, so build and copy are
 * interleaved to see the same disk. Then one unchanged rebuild.
 */
export function measureCase(
  name: string,
  registry: string,
  work: string,
  runs: number,
  rules?: number,
): CaseResult {
  const out = join(work, `${name}-out`);
  const copy = join(work, `${name}-copy`);
  const build = (): ChildRun => {
    emptyDir(out);
    return checked(runBuild(registry, out), name);
  };
  const copyOut = (): ChildRun => {
    emptyDir(copy);
    return checked(runCopy(out, copy), `${name} (cp -r)`);
  };
  build();
  const pairs = Array.from({ length: runs }, () => ({ build: build(), copy: copyOut() }));
  emptyDir(copy);
  const fresh = pairs.map((p) => p.build);
  const copies = pairs.map((p) => p.copy);
  const files = snapshotTree(out).size;
  const buildMs = median(fresh.map((r) => r.wallMs));
  const rebuild = measureRebuild(registry, out, name);
  return {
    name,
    rules,
    files,
    buildMs,
    buildCpuMs: median(fresh.map((r) => r.cpuMs)),
    filesPerSecond: files / (buildMs / 1000),
    peakRssKb: Math.max(...fresh.map((r) => r.peakRssKb)),
    copyMs: median(copies.map((r) => r.wallMs)),
    copyCpuMs: median(copies.map((r) => r.cpuMs)),
    ...rebuild,
  };
}

function measureRebuild(
  registry: string,
  out: string,
  name: string,
): Pick<CaseResult, "rebuildMs" | "rebuildWritten" | "rebuildTouched"> {
  const before = snapshotTree(out);
  const run = checked(runBuild(registry, out, ["--format", "json"]), `${name} (rebuild)`);
  const rebuildTouched = changedPaths(before, snapshotTree(out));
  let summary: { written?: unknown };
  try {
    summary = JSON.parse(run.stdout) as { written?: unknown };
  } catch {
    throw new BenchError(`${name} (rebuild): --format json printed no JSON:\n${run.stdout.slice(0, 500)}`);
  }
  if (!Array.isArray(summary.written))
    throw new BenchError(`${name} (rebuild): the JSON summary has no "written" list`);
  return { rebuildMs: run.wallMs, rebuildWritten: summary.written.map(String), rebuildTouched };
}

function checked(run: ChildRun, what: string): ChildRun {
  if (run.status === 0) return run;
  const output = `${run.stderr}\n${run.stdout}`.trim().split("\n").slice(0, 20).join("\n");
  throw new BenchError(`${what}: exit code ${run.status}\n${output}`);
}
