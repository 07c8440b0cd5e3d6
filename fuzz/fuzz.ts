import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { packageRoot } from "../src/shared/package-paths.js";
import { type CaseOutcome, type FuzzTarget, judge, runFuzz } from "./fuzz-run.js";
import { importSeeds, seedRegistries } from "./seeds.js";

/**
 * npm run fuzz: mutated registries through check and build (docs/fuzz.md). Prints cases tried, crashes
 * and hangs, saves each failing case for --replay, and exits 1 when any case failed.
 */
const { values } = parseArgs({
  options: {
    target: { type: "string", default: "registry" },
    seed: { type: "string" },
    cases: { type: "string", default: "1000" },
    timeout: { type: "string", default: "30000" },
    huge: { type: "string", default: String(2 * 1024 * 1024) },
    "cli-every": { type: "string", default: "10" },
    save: { type: "string", default: "fuzz-failures" },
    replay: { type: "string" },
  },
});

async function fuzz(): Promise<number> {
  if (values.replay) return replay(resolve(values.replay));
  const seed = values.seed === undefined ? Date.now() % 1_000_000 : Number(values.seed);
  const target = values.target as FuzzTarget;
  if (target !== "registry" && target !== "import") throw new Error(`--target registry|import, not ${target}`);
  const options = {
    target,
    seed,
    cases: Number(values.cases),
    timeoutMs: Number(values.timeout),
    hugeChars: Number(values.huge),
    cliEvery: Number(values["cli-every"]),
    saveDir: resolve(values.save ?? "fuzz-failures"),
    onCase: (o: CaseOutcome) => {
      if (o.problem) process.stdout.write(`case ${o.index} (${o.seedName}; ${o.mutations.join("; ")}): ${o.problem}\n  saved: ${o.saved}\n`);
      else if ((o.index + 1) % 100 === 0) process.stdout.write(`${o.index + 1} cases\n`);
    },
  };
  process.stdout.write(`${target}: seed ${seed}, ${options.cases} cases, ${options.timeoutMs} ms per case\n`);
  const report = await runFuzz(options, target === "import" ? importSeeds() : seedRegistries());
  process.stdout.write(`cases tried: ${report.tried}, crashes: ${report.crashes.length}, hangs: ${report.hangs.length}\n`);
  return report.crashes.length + report.hangs.length > 0 ? 1 : 0;
}

/** Runs a saved case again through the real CLI: its folder copy, its recorded command. */
async function replay(folder: string): Promise<number> {
  const recorded = JSON.parse(readFileSync(join(folder, "case.json"), "utf8")) as {
    args: string[];
    problem: string;
    pipes?: string[];
  };
  const registry = join(folder, "registry");
  for (const pipe of recorded.pipes ?? []) spawnSync("mkfifo", [join(registry, pipe)]);
  const args = recorded.args.map((arg) => arg.replace("<registry>", registry));
  const child = spawnSync(process.execPath, [join(packageRoot, "bin", "agentc.js"), ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const problem = judge(child.status, child.stdout ?? "", child.stderr ?? "");
  process.stdout.write(`recorded: ${recorded.problem}\nnow: ${problem ?? `exit ${child.status}, fine`}\n`);
  return problem ? 1 : 0;
}

process.exitCode = await fuzz();
