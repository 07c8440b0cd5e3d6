import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packageRoot } from "../src/shared/package-paths.js";
import { type WorkKind, workKinds } from "../src/shared/work-counts.js";
import { generateRegistry } from "./compiler-registry.js";

/**
 * `npm run bench -- --check` (docs/benchmark.md): builds fixed registries with the real CLI, counting
 * the work each build does (src/shared/work-counts.ts), and compares the counts with the committed
 * baseline bench/work-baseline.json. Counts, not times: the same on every machine, so CI can fail on a
 * rise. A count that fell is reported so the baseline can be lowered with --update-baseline.
 */
export type WorkCounts = Record<WorkKind, number>;
export type WorkBaseline = Record<string, WorkCounts>;

export const baselineFile = join(packageRoot, "bench", "work-baseline.json");

/** The registries counted: the example, and the generated registry of the speed goal (all adapters). */
export const workCases: { name: string; registry: (work: string) => string }[] = [
  { name: "example", registry: () => join(packageRoot, "examples", "registry") },
  { name: "team example", registry: () => join(packageRoot, "examples", "team") },
  {
    name: "200 rules",
    registry: (work) => {
      const dir = join(work, "registry-200");
      generateRegistry(dir, 200);
      return dir;
    },
  },
];

/** One `agentc build` of each case into an empty folder, with its counts. */
export function measureWork(): WorkBaseline {
  const work = mkdtempSync(join(tmpdir(), "agentc-work-check-"));
  try {
    return Object.fromEntries(workCases.map((c) => [c.name, countedBuild(c.registry(work), work, c.name)]));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function countedBuild(registry: string, work: string, name: string): WorkCounts {
  const countsFile = join(work, `${name}.counts.json`);
  const out = join(work, `${name}-out`);
  const cli = join(packageRoot, "bin", "agentc.js");
  const run = spawnSync(process.execPath, [cli, "build", registry, "--out", out, "--quiet"], {
    encoding: "utf8",
    env: { ...process.env, AGENTC_WORK_COUNTS: countsFile, NO_COLOR: "1" },
  });
  if (run.status !== 0) throw new Error(`${name}: agentc build exited ${run.status}\n${run.stderr}`);
  return JSON.parse(readFileSync(countsFile, "utf8")) as WorkCounts;
}

export interface WorkRow {
  name: string;
  kind: WorkKind;
  baseline: number | undefined;
  measured: number;
  /** "rose" fails the check; "fell" asks for a lower baseline. */
  verdict: "same" | "rose" | "fell" | "new";
}

export function compareWork(measured: WorkBaseline, baseline: WorkBaseline): WorkRow[] {
  return Object.entries(measured).flatMap(([name, counts]) =>
    workKinds.map((kind): WorkRow => {
      const before = baseline[name]?.[kind];
      const now = counts[kind];
      const verdict = before === undefined ? "new" : now > before ? "rose" : now < before ? "fell" : "same";
      return { name, kind, baseline: before, measured: now, verdict };
    }),
  );
}

export function readBaseline(): WorkBaseline {
  return JSON.parse(readFileSync(baselineFile, "utf8")) as WorkBaseline;
}

export function writeBaseline(measured: WorkBaseline): void {
  writeFileSync(baselineFile, `${JSON.stringify(measured, null, 2)}\n`);
}

export function workTable(rows: readonly WorkRow[]): string {
  const lines = rows.map(
    (r) =>
      `| ${r.name} | ${r.kind} | ${r.baseline ?? "-"} | ${r.measured} | ${r.verdict === "rose" ? "ROSE" : r.verdict} |`,
  );
  return ["| registry | count | baseline | measured | result |", "|---|---|---|---|---|", ...lines].join(
    "\n",
  );
}
