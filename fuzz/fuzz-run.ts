import { spawnSync } from "node:child_process";
import { cpSync, lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { Worker } from "node:worker_threads";
import { clip } from "../src/diagnostics/clip.js";
import { packageRoot } from "../src/shared/package-paths.js";
import { secretPathRule } from "../src/shared/secret-path-rule.js";
import { mutate, Random, registryFiles } from "./mutations.js";

/** What a case runs: check or build on a registry, or import on a project. */
export type FuzzTarget = "registry" | "import";

export interface FuzzOptions {
  /** registry (default): check and build on mutated registries; import: agentc import of mutated projects. */
  target?: FuzzTarget;
  seed: number;
  cases: number;
  /** A case that takes longer is a hang. */
  timeoutMs: number;
  /** Upper bound of huge strings, in characters. */
  hugeChars: number;
  /** Every n-th case runs through the real CLI binary (a child process) instead of in-process. */
  cliEvery: number;
  /** Where failing cases are copied for replay; none: not saved. */
  saveDir?: string;
  /** Called after each case (progress). */
  onCase?: (outcome: CaseOutcome) => void;
}

export interface CaseOutcome {
  index: number;
  seedName: string;
  mutations: string[];
  args: string[];
  via: "in-process" | "cli";
  /** The exit code; null for a hang. */
  code: number | null;
  /** The run reported an error, or a file it could not read: a mutation it noticed. */
  flagged: boolean;
  /** Why the run is not "exit 0 or 1 with a diagnostic"; undefined when it is. */
  problem?: string;
  hang: boolean;
  ms: number;
  saved?: string;
}

export interface FuzzReport {
  tried: number;
  crashes: CaseOutcome[];
  hangs: CaseOutcome[];
}

export interface SeedRegistry {
  name: string;
  dir: string;
}

export interface RunResult {
  code: number | null;
  out: string;
  err: string;
  hang: boolean;
}

/** Mutates copies of the seed registries and runs check or build on each; see docs/fuzz.md. */
export async function runFuzz(options: FuzzOptions, seeds: readonly SeedRegistry[]): Promise<FuzzReport> {
  const report: FuzzReport = { tried: 0, crashes: [], hangs: [] };
  const work = mkdtempSync(join(tmpdir(), "agentc-fuzz-"));
  const pool = new InProcess(options.timeoutMs);
  try {
    for (let index = 0; index < options.cases; index++) {
      const outcome = await runCase(options, seeds, index, work, pool);
      report.tried++;
      if (outcome.hang) report.hangs.push(outcome);
      else if (outcome.problem) report.crashes.push(outcome);
      options.onCase?.(outcome);
    }
  } finally {
    await pool.close();
    rmSync(work, { recursive: true, force: true });
  }
  return report;
}

async function runCase(
  options: FuzzOptions,
  seeds: readonly SeedRegistry[],
  index: number,
  work: string,
  pool: InProcess,
): Promise<CaseOutcome> {
  const random = new Random(options.seed * 1_000_003 + index);
  const seed = random.pick(seeds);
  const dir = join(work, `case-${index}`);
  cpSync(seed.dir, dir, { recursive: true, verbatimSymlinks: true });
  const mutations = mutate(dir, random, options.hugeChars);
  const command = options.target === "import" ? "import" : random.pick(["check", "build"]);
  const args = commandArgs(command, dir);
  const via = options.cliEvery > 0 && index % options.cliEvery === options.cliEvery - 1 ? "cli" : "in-process";
  const started = Date.now();
  const result = via === "cli" ? runCli(args, options.timeoutMs) : await pool.run(args);
  const copied = command === "build" ? copiedSecret(`${dir}-out`) : undefined;
  const outcome: CaseOutcome = {
    index,
    seedName: seed.name,
    mutations,
    args,
    via,
    code: result.code,
    flagged: flagged(result.out),
    hang: result.hang,
    ms: Date.now() - started,
    ...(result.hang
      ? { problem: `no result within ${options.timeoutMs} ms` }
      : copied
        ? { problem: `the build copied a secret file: ${copied}` }
        : problemOf(result)),
  };
  if (outcome.problem && options.saveDir) outcome.saved = saveCase(options, outcome, dir);
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}-out`, { recursive: true, force: true });
  return outcome;
}

/** The command line of a case on the folder `dir`; its output goes to `<dir>-out`. */
export function commandArgs(command: string, dir: string): string[] {
  if (command === "import") return ["import", dir, "--out", `${dir}-out`, "--format", "json"];
  return [command, dir, "--format", "json", "--offline", ...(command === "build" ? ["--out", `${dir}-out`] : [])];
}

/** The first file of a build folder named as a secret by the guard's list (AGC189 leaves them out). */
export function copiedSecret(outDir: string): string | undefined {
  let files: string[];
  try {
    files = registryFiles(outDir);
  } catch {
    return undefined;
  }
  return files.find((path) => secretPathRule(path) !== undefined);
}

/** Exit 0 or 1, a JSON report, an error diagnostic behind exit 1, bounded messages, no stack trace. */
export function judge(code: number | null, out: string, err: string): string | undefined {
  if (code !== 0 && code !== 1) return `exit ${code}: ${clip(err || out, 400)}`;
  if (/internal error|\n\s+at \S+ \(.*:\d+:\d+\)/.test(`${out}\n${err}`)) return `internal error: ${clip(err, 400)}`;
  if (out.length + err.length > 4_000_000) return `printed ${out.length + err.length} characters`;
  let report: { diagnostics?: { severity: string; message: string; file: string }[]; error?: string };
  try {
    report = JSON.parse(out) as typeof report;
  } catch {
    return `stdout is no JSON report: ${clip(out, 200)}`;
  }
  const diagnostics = report.diagnostics ?? [];
  // import's one failure that is no diagnostic: no native file found (its report says so in "error")
  if (code === 1 && !diagnostics.some((d) => d.severity === "error") && !report.error)
    return "exit 1 without an error diagnostic";
  const long = diagnostics.find((d) => d.message.length > 4100 || d.file.length > 4100);
  return long ? `a diagnostic of ${long.message.length} characters` : undefined;
}

/** Whether a JSON report holds an error, or names a file it could not read (AGC127, a warning for import). */
function flagged(out: string): boolean {
  try {
    const report = JSON.parse(out) as { diagnostics?: { severity: string; id?: string }[] };
    return (report.diagnostics ?? []).some((d) => d.severity === "error" || d.id === "AGC127");
  } catch {
    return false;
  }
}

export function problemOf(result: RunResult): { problem?: string } {
  const problem = judge(result.code, result.out, result.err);
  return problem ? { problem } : {};
}

export function runCli(args: string[], timeoutMs: number): RunResult {
  const child = spawnSync(process.execPath, [join(packageRoot, "bin", "agentc.js"), ...args], {
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: "1" },
  });
  const hang = (child.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT";
  return { code: child.status, out: child.stdout ?? "", err: child.stderr ?? String(child.error ?? ""), hang };
}

function saveCase(options: FuzzOptions, outcome: CaseOutcome, dir: string): string {
  const target = join(options.saveDir ?? ".", `seed-${options.seed}-case-${outcome.index}`);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const pipes: string[] = [];
  const notPipe = (source: string) => {
    const pipe = lstatSync(source).isFIFO();
    if (pipe) pipes.push(relative(dir, source).split(sep).join("/"));
    return !pipe;
  };
  cpSync(dir, join(target, "registry"), { recursive: true, verbatimSymlinks: true, filter: notPipe });
  const { saved: _, ...record } = outcome;
  const saved = { seed: options.seed, ...record, args: record.args.map((a) => a.replace(dir, "<registry>")), pipes };
  writeFileSync(join(target, "case.json"), `${JSON.stringify(saved, null, 2)}\n`);
  return target;
}

/** One worker thread running CLI invocations; a case past the time limit ends the worker (a new one follows). */
export class InProcess {
  #worker: Worker | undefined;
  #next = 0;
  constructor(private readonly timeoutMs: number) {}

  run(args: string[]): Promise<RunResult> {
    const worker = (this.#worker ??= new Worker(new URL("./fuzz-worker.js", import.meta.url)));
    const id = this.#next++;
    return new Promise((resolve) => {
      const finish = (result: RunResult) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        resolve(result);
      };
      const onMessage = (m: { id: number; code: number; out: string; err: string }) => {
        if (m.id === id) finish({ code: m.code, out: m.out, err: m.err, hang: false });
      };
      const onError = (error: Error) => {
        this.#worker = undefined;
        finish({ code: -1, out: "", err: `worker died: ${error.stack ?? error.message}`, hang: false });
      };
      const timer = setTimeout(() => {
        this.#worker = undefined;
        void worker.terminate();
        finish({ code: null, out: "", err: "", hang: true });
      }, this.timeoutMs);
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.postMessage({ id, args });
    });
  }

  async close(): Promise<void> {
    await this.#worker?.terminate();
  }
}
