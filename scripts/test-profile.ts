import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { packageRoot } from "../src/shared/package-paths.js";
import { testTmpfs } from "./test-tmpfs.js";

/**
 * npm run test:profile [-- --jobs N] [folder or file ...] (after npm run build): runs each test file on its own,
 * N at a time (2 by default), and prints per file its wall time, the CPU time of it and its children, and how
 * many processes it started (runs of bin/agentc.js apart). Times depend on what else the machine is doing;
 * the CPU seconds and the counts are what to compare between runs.
 */
const testDir = join(packageRoot, "dist", "test");
const notTests = new Set(["support", "fixtures", "golden"]);
const counter = join(packageRoot, "dist", "scripts", "test-profile-counter.js");

interface FileProfile {
  file: string;
  status: number;
  wallSeconds: number;
  cpuSeconds: number;
  cliSpawns: number;
  otherSpawns: number;
}

function testFiles(targets: string[]): string[] {
  const roots = targets.length > 0 ? targets.map((t) => join(testDir, t)) : [testDir];
  return roots.flatMap((root) => {
    if (root.endsWith(".js")) return [root];
    return readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".test.js") && !notTests.has(name.split("/")[0] ?? ""))
      .map((name) => join(root, name));
  });
}

/** Seconds from the two lines POSIX `times` prints: the shell's own, then its children's ("0m1.250s 0m0.310s"). */
function childCpuSeconds(timesOutput: string): number {
  const last = timesOutput.trim().split("\n").at(-1) ?? "";
  return [...last.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
}

function profile(file: string, scratch: string, index: number, env: NodeJS.ProcessEnv): Promise<FileProfile> {
  const countsFile = join(scratch, `${index}.json`);
  const script = `"$@" >/dev/null 2>&1; status=$?; times; exit $status`;
  const started = performance.now();
  const child = spawn("sh", ["-c", script, "sh", process.execPath, "--import", counter, file], {
    cwd: packageRoot,
    env: { ...env, AGENTC_PROFILE_OUT: countsFile },
    stdio: ["ignore", "pipe", "inherit"],
    // Its own process group: some tests signal their whole group.
    detached: true,
  });
  if (child.pid !== undefined) running.add(child.pid);
  let times = "";
  child.stdout.on("data", (chunk: Buffer) => {
    times += chunk.toString();
  });
  return new Promise((resolve) =>
    child.on("close", (status) => {
      if (child.pid !== undefined) running.delete(child.pid);
      let counts = { cli: 0, other: 0 };
      try {
        counts = JSON.parse(readFileSync(countsFile, "utf8"));
      } catch {}
      resolve({
        file: relative(testDir, file),
        status: status ?? -1,
        wallSeconds: (performance.now() - started) / 1000,
        cpuSeconds: childCpuSeconds(times),
        cliSpawns: counts.cli,
        otherSpawns: counts.other,
      });
    }),
  );
}

/** The process groups of the test files running now (each file runs detached, in a group of its own). */
const running = new Set<number>();

/**
 * Ctrl-C or a kill: the detached test files do not get the signal, so they are ended here, and the tmpfs is
 * unmounted before the profiler exits (left mounted otherwise).
 */
function stopOnSignal(cleanUp: () => void): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      for (const pid of running) {
        try {
          process.kill(-pid, "SIGKILL");
        } catch {}
      }
      cleanUp();
      process.exit(130);
    });
  }
}

async function profileAll(files: string[], jobs: number): Promise<FileProfile[]> {
  const scratch = mkdtempSync(join(tmpdir(), "agentc-profile-"));
  const tmp = testTmpfs();
  stopOnSignal(() => {
    tmp.release();
    rmSync(scratch, { recursive: true, force: true });
  });
  const results: FileProfile[] = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const result = await profile(files[index] as string, scratch, index, tmp.env);
      results.push(result);
      if (process.stderr.isTTY) process.stderr.write(`\r${results.length}/${files.length}`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  tmp.release();
  if (process.stderr.isTTY) process.stderr.write("\n");
  rmSync(scratch, { recursive: true, force: true });
  return results;
}

function row(cells: (string | number)[]): string {
  const [name, ...numbers] = cells;
  return `${numbers.map((n) => String(n).padStart(8)).join("")}  ${name}`;
}

function sumOf(results: FileProfile[], key: "cpuSeconds" | "cliSpawns" | "otherSpawns"): number {
  return results.reduce((sum, r) => sum + r[key], 0);
}

function fileRows(results: FileProfile[]): string[] {
  const sorted = [...results].sort((a, b) => b.cpuSeconds - a.cpuSeconds);
  return [
    row(["file", "wall s", "cpu s", "cli", "other", "exit"]),
    ...sorted.map((r) =>
      row([r.file, r.wallSeconds.toFixed(1), r.cpuSeconds.toFixed(1), r.cliSpawns, r.otherSpawns, r.status]),
    ),
  ];
}

function folderRows(results: FileProfile[]): string[] {
  const folders = new Map<string, FileProfile[]>();
  for (const r of results) {
    const folder = r.file.split("/")[0] as string;
    folders.set(folder, [...(folders.get(folder) ?? []), r]);
  }
  const byCpu = [...folders].sort((a, b) => sumOf(b[1], "cpuSeconds") - sumOf(a[1], "cpuSeconds"));
  return [
    row(["folder", "files", "cpu s", "cli", "other"]),
    ...byCpu.map(([folder, rs]) =>
      row([
        folder,
        rs.length,
        sumOf(rs, "cpuSeconds").toFixed(1),
        sumOf(rs, "cliSpawns"),
        sumOf(rs, "otherSpawns"),
      ]),
    ),
  ];
}

function report(results: FileProfile[], started: number): void {
  const failed = results.filter((r) => r.status !== 0).length;
  const total =
    `${results.length} files, ${sumOf(results, "cpuSeconds").toFixed(0)} s of CPU, ` +
    `${sumOf(results, "cliSpawns")} runs of bin/agentc.js, ${sumOf(results, "otherSpawns")} other processes, ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s wall; ${failed} files failed`;
  process.stdout.write(`${[...fileRows(results), "", ...folderRows(results), "", total].join("\n")}\n`);
}

const args = process.argv.slice(2);
const jobsAt = args.indexOf("--jobs");
const jobs = jobsAt === -1 ? 2 : Number(args.splice(jobsAt, 2)[1]);
const started = performance.now();
report(await profileAll(testFiles(args), jobs), started);
