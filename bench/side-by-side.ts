import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadRegistry } from "../src/registry/load-registry.js";
import type { Rule } from "../src/registry/model.js";
import { packageRoot } from "../src/shared/package-paths.js";
import { BenchError } from "./compiler-case.js";
import { generateRegistry } from "./compiler-registry.js";
import { type ChildRun, emptyDir, median, runBuild, runCopy, timed } from "./compiler-run.js";

/**
 * The side-by-side timing of docs/benchmark.md: in one run, interleaved round by round, `node -e 0`
 * (Node's start), agentc building the example and a generated registry with all adapters, `cp -r` of
 * that output, and rulesync generating every target from the same rules (one rulesync rule file per
 * agentc rule). Prints the medians and the three ratios the speed goal names.
 */
const usage =
  "usage: node dist/bench/side-by-side.js --rulesync PATH [--rules 200] [--runs 5] [--work DIR] [--before BIN]\n" +
  "  PATH: the rulesync binary, e.g. node_modules/.bin/rulesync of `npm install rulesync@17.0.0`\n" +
  "  BIN: bin/agentc.js of another built checkout (an earlier commit), timed in the same rounds";

interface Options {
  rulesync: string;
  before: string | undefined;
  rules: number;
  runs: number;
  work: string;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      rulesync: { type: "string" },
      rules: { type: "string" },
      runs: { type: "string" },
      work: { type: "string" },
      before: { type: "string" },
    },
  });
  const rules = Number(values.rules ?? 200);
  const runs = Number(values.runs ?? 5);
  if (!values.rulesync || !Number.isInteger(rules) || rules < 4 || !Number.isInteger(runs) || runs < 1)
    throw new BenchError(usage);
  return { rulesync: values.rulesync, before: values.before, rules, runs, work: values.work ?? "/dev/shm" };
}

/** The same rules in rulesync's input format: `.rulesync/rules/<slug>.md`, the first global rule as root. */
function writeRulesyncProject(project: string, rules: Rule[]): void {
  const dir = join(project, ".rulesync", "rules");
  mkdirSync(dir, { recursive: true });
  let root = true;
  for (const rule of rules) {
    const matter = [
      `root: ${rule.scope === "global" && root}`,
      'targets: ["*"]',
      `description: ${JSON.stringify(rule.description ?? rule.title)}`,
      `globs: ${JSON.stringify(rule.scope === "global" ? ["**/*"] : rule.globs)}`,
    ];
    if (rule.scope === "global") root = false;
    writeFileSync(join(dir, `${rule.slug}.md`), `---\n${matter.join("\n")}\n---\n\n${rule.text}\n`);
  }
}

/** Removes what an earlier rulesync run generated, keeping its input. */
function clearRulesyncOutput(project: string): void {
  for (const name of readdirSync(project))
    if (name !== ".rulesync") rmSync(join(project, name), { recursive: true, force: true });
}

function checked(run: ChildRun, what: string): ChildRun {
  if (run.status === 0) return run;
  throw new BenchError(`${what}: exit code ${run.status}\n${run.stderr.slice(0, 2000)}`);
}

interface Series {
  wall: number[];
  cpu: number[];
}

function record(series: Map<string, Series>, name: string, run: ChildRun): void {
  const entry = series.get(name) ?? { wall: [], cpu: [] };
  entry.wall.push(run.wallMs);
  entry.cpu.push(run.cpuMs);
  series.set(name, entry);
}

async function measure(options: Options, work: string): Promise<Map<string, Series>> {
  const registry = join(work, "registry");
  generateRegistry(registry, options.rules);
  const loaded = await loadRegistry(registry, { offline: true });
  if (!loaded.registry) throw new BenchError("the generated registry did not load");
  const project = join(work, "rulesync-project");
  writeRulesyncProject(project, loaded.registry.rules);
  const example = join(packageRoot, "examples", "registry");
  const [out, exampleOut, copy] = ["out", "example-out", "copy"].map((n) => join(work, n)) as [
    string,
    string,
    string,
  ];
  const series = new Map<string, Series>();
  for (let round = -1; round < options.runs; round++) {
    const keep = (name: string, run: ChildRun): void => {
      if (round >= 0) record(series, name, run);
    };
    keep("node -e 0", checked(timed(process.execPath, ["-e", "0"], true), "node -e 0"));
    const builds = [
      (): void => {
        emptyDir(exampleOut);
        keep("agentc example", checked(runBuild(example, exampleOut), "agentc example"));
        emptyDir(out);
        keep("agentc", checked(runBuild(registry, out), "agentc build"));
        emptyDir(copy);
        keep("cp -r", checked(runCopy(out, copy), "cp -r"));
      },
    ];
    const before = options.before;
    if (before)
      builds.push(() => {
        emptyDir(exampleOut);
        keep("before: example", checked(otherBuild(before, example, exampleOut), "before: example"));
        emptyDir(out);
        keep("before", checked(otherBuild(before, registry, out), "before: build"));
      });
    // Every other round the earlier checkout goes first, so neither gains from its place in the round.
    for (const build of round % 2 === 0 ? builds : [...builds].reverse()) build();
    clearRulesyncOutput(project);
    const args = ["generate", "--targets", "*", "--features", "rules", "--silent"];
    keep("rulesync", checked(timed(options.rulesync, args, true, project), "rulesync generate"));
  }
  return series;
}

/** `agentc build` of another checkout's CLI, as runBuild runs this one's. */
function otherBuild(bin: string, registry: string, out: string): ChildRun {
  return timed(process.execPath, [bin, "build", registry, "--out", out, "--quiet"], true);
}

function report(series: Map<string, Series>, options: Options, loadBefore: string): string {
  const wall = (name: string): number => median(series.get(name)?.wall ?? []);
  const cpu = (name: string): number => median(series.get(name)?.cpu ?? []);
  const floor = wall("node -e 0") + wall("cp -r");
  const rows = [...series.keys()].map(
    (name) => `| ${name} | ${wall(name).toFixed(0)} ms | ${cpu(name).toFixed(0)} ms |`,
  );
  return [
    `side by side, ${options.rules} generated rules, all adapters, median of ${options.runs} interleaved rounds`,
    `work folder ${options.work}; load average before ${loadBefore}, after ${loadavg()[0]?.toFixed(2)}`,
    "",
    "| command | wall | CPU |",
    "|---|---|---|",
    ...rows,
    "",
    `rulesync / agentc (wall): ${(wall("rulesync") / wall("agentc")).toFixed(1)}x (goal >= 20x)`,
    `rulesync / agentc (CPU): ${(cpu("rulesync") / cpu("agentc")).toFixed(1)}x`,
    `agentc / (node start + cp -r): ${(wall("agentc") / floor).toFixed(2)}x (goal <= 2x)`,
    `agentc example / node start: ${(wall("agentc example") / wall("node -e 0")).toFixed(2)}x (goal <= 2x)`,
    ...(options.before
      ? [
          "",
          `before: rulesync / agentc (wall): ${(wall("rulesync") / wall("before")).toFixed(1)}x, (CPU): ${(cpu("rulesync") / cpu("before")).toFixed(1)}x`,
          `before: agentc / (node start + cp -r): ${(wall("before") / floor).toFixed(2)}x`,
          `before: agentc example / node start: ${(wall("before: example") / wall("node -e 0")).toFixed(2)}x`,
        ]
      : []),
  ].join("\n");
}

async function main(): Promise<number> {
  let work: string | undefined;
  try {
    const options = readOptions();
    work = mkdtempSync(join(options.work, "agentc-side-by-side-"));
    const loadBefore = (loadavg()[0] ?? 0).toFixed(2);
    const series = await measure(options, work);
    console.log(report(series, options, loadBefore));
    return 0;
  } catch (error) {
    process.stderr.write(
      `side-by-side: ${error instanceof BenchError ? error.message : String((error as Error)?.stack)}\n`,
    );
    return 1;
  } finally {
    if (work) rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
