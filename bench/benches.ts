import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { packageRoot } from "../src/shared/package-paths.js";
import { compareWork, measureWork, readBaseline, workTable, writeBaseline } from "./work-check.js";

/**
 * `npm run bench` (docs/benchmark.md): every benchmark in turn. `npm run bench -- --check` runs only the
 * work-count check against bench/work-baseline.json and exits 1 when a count rose (no times: CI can run
 * it); `--update-baseline` writes the counts measured now as the new baseline.
 */
const benches = [
  "bench.js",
  "install-bench.js",
  "guard-bench.js",
  "page-bench.js",
  "serve-bench.js",
  "import-bench.js",
  "lint-bench.js",
  "footprint-bench.js",
];

function runAll(): number {
  for (const file of benches) {
    const run = spawnSync(process.execPath, [join(packageRoot, "dist", "bench", file)], { stdio: "inherit" });
    if (run.status !== 0) return run.status ?? 1;
  }
  return 0;
}

function check(update: boolean): number {
  const measured = measureWork();
  if (update) {
    writeBaseline(measured);
    console.log(workTable(compareWork(measured, measured)));
    console.log("\nbench: wrote bench/work-baseline.json");
    return 0;
  }
  const rows = compareWork(measured, readBaseline());
  console.log(workTable(rows));
  const failed = rows.filter((r) => r.verdict === "rose" || r.verdict === "new");
  if (rows.some((r) => r.verdict === "fell"))
    console.log("\nSome counts fell: run `npm run bench -- --update-baseline` and commit the baseline.");
  if (failed.length === 0) return 0;
  console.log(
    `\nbench --check: ${failed.length} count(s) rose above the baseline or have none; find the new work, or if it is wanted, run \`npm run bench -- --update-baseline\` and say why in the commit.`,
  );
  return 1;
}

function main(): number {
  const { values } = parseArgs({
    options: { check: { type: "boolean" }, "update-baseline": { type: "boolean" } },
  });
  if (values.check || values["update-baseline"]) return check(values["update-baseline"] === true);
  return runAll();
}

process.exitCode = main();
