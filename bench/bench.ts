import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { packageRoot } from "../src/shared/package-paths.js";
import { BenchError, type CaseResult, measureCase } from "./compiler-case.js";
import { generateRegistry } from "./compiler-registry.js";
import { caseName, exampleCase, measurementTable, verdicts, verdictTable } from "./compiler-report.js";
import { measuresRssWith } from "./compiler-run.js";

/**
 * The compiler benchmark (docs/benchmark.md): builds the example registry and generated registries with
 * the real CLI for all built-in adapters and prints the figures and the targets. Exits non-zero only when
 * something fails to run, never for a missed target.
 */
const usage = "usage: node dist/bench/bench.js [--sizes 10,1000,10000] [--runs N] [--keep]";
const defaultSizes = [10, 1000, 10000];

interface Options {
  sizes: number[];
  runs: number;
  keep: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: { sizes: { type: "string" }, runs: { type: "string" }, keep: { type: "boolean" } },
  });
  const sizes = values.sizes ? values.sizes.split(",").map(Number) : defaultSizes;
  const runs = values.runs ? Number(values.runs) : 5;
  if (sizes.some((n) => !Number.isInteger(n) || n < 4) || !Number.isInteger(runs) || runs < 1)
    throw new BenchError(`--sizes takes whole numbers >= 4, --runs a whole number >= 1\n${usage}`);
  return { sizes, runs, keep: values.keep === true };
}

function runCases(options: Options, work: string): CaseResult[] {
  const example = join(packageRoot, "examples", "registry");
  log(`${exampleCase}: ${example}`);
  const results = [measureCase(exampleCase, example, work, Math.max(options.runs, 10))];
  for (const size of options.sizes) {
    const dir = join(work, `registry-${size}`);
    mkdirSync(dir, { recursive: true });
    const generated = generateRegistry(dir, size);
    log(`${caseName(size)}: ${generated.ruleFiles} rule files in ${dir}`);
    const runs = size >= 10000 ? Math.min(options.runs, 3) : options.runs;
    results.push(measureCase(caseName(size), dir, work, runs, generated.rules));
  }
  return results;
}

function header(options: Options, loadBefore: string): string {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  return [
    `agentc compiler benchmark — Node ${process.version}, ${availableParallelism()} cores (${cpu})`,
    `load average (1 min) before: ${loadBefore}, after: ${loadAverage()}; wall times grow with it, CPU times less`,
    `build and cp -r: median of ${options.runs} runs after a warm-up (example: 10 runs, 10,000 rules: at most 3)`,
    `peak RSS and CPU (user + system) via ${measuresRssWith}`,
    "",
  ].join("\n");
}

function loadAverage(): string {
  return (loadavg()[0] ?? 0).toFixed(2);
}

function log(text: string): void {
  process.stderr.write(`bench: ${text}\n`);
}

function main(): number {
  let work: string | undefined;
  let keep = false;
  try {
    const options = readOptions();
    keep = options.keep;
    work = mkdtempSync(join(tmpdir(), "agentc-bench-"));
    const loadBefore = loadAverage();
    const results = runCases(options, work);
    console.log(header(options, loadBefore));
    console.log(measurementTable(results));
    console.log("");
    console.log(verdictTable(verdicts(results)));
    if (keep) console.log(`\nkept: ${work}`);
    return 0;
  } catch (error) {
    process.stderr.write(
      `bench: ${error instanceof BenchError ? error.message : String((error as Error)?.stack)}\n`,
    );
    return 1;
  } finally {
    if (work && !keep) rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = main();
