import { spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { runInstall } from "../src/install/install-run.js";
import { runUninstall } from "../src/install/uninstall-run.js";
import { writeBuildFolder } from "./build-folder.js";

/**
 * The installer benchmark (docs/installer.md): a generated 20,000-file bundle installed fresh, reinstalled
 * (a no-op that must write nothing), upgraded with 10 % of the files changed, and uninstalled, through the
 * library in this process; `cp -r` of the same tree is the yardstick. Deterministic input; prints figures.
 */
const fileCount = Number(process.env.AGENTC_BENCH_FILES ?? 20_000);
const perDir = 100;
const targets = { freshVsCp: 3, noopSeconds: 1 };

function generateBundle(dir: string, version: number): void {
  const files: Record<string, string> = {};
  for (let i = 0; i < fileCount; i++) {
    const path = `.rules/d${String(Math.floor(i / perDir)).padStart(3, "0")}/rule-${i}.md`;
    const changed = version > 1 && i % 10 === 0;
    files[path] =
      `# rule ${i}${changed ? ` (v${version})` : ""}\n\n${"Keep this rule short and clear. ".repeat(12)}\n`;
  }
  writeBuildFolder(dir, files, ".rules", `${version}.0.0`);
}

async function timed<T>(body: () => Promise<T> | T): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const value = await body();
  return [Number(process.hrtime.bigint() - start) / 1e9, value];
}

/**
 * Flushes what the benchmark itself wrote (the generated bundles, the cp -r copy) before the next timed step,
 * untimed: the installer's durability barrier (syncfs) would otherwise pay for flushing the setup's files.
 */
function settle(dir: string): void {
  spawnSync("sync", ["-f", dir], { stdio: "ignore" });
}

/** inode + change times of every path: equal before and after means nothing was written. */
function stamps(dir: string): string {
  const out: string[] = [];
  const visit = (abs: string): void => {
    const s = lstatSync(abs, { bigint: true });
    out.push(`${abs}:${s.ino}:${s.mtimeNs}:${s.ctimeNs}`);
    if (s.isDirectory()) for (const name of readdirSync(abs).sort()) visit(join(abs, name));
  };
  visit(dir);
  return out.join("\n");
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "agentc-install-bench-"));
  try {
    const v1 = join(root, "v1");
    const v2 = join(root, "v2");
    mkdirSync(v1);
    mkdirSync(v2);
    generateBundle(v1, 1);
    generateBundle(v2, 2);
    settle(root);
    const [cp] = await timed(() => spawnSync("cp", ["-r", join(v1, ".rules"), join(root, "cp-copy")]));
    const [cpFlush] = await timed(() => settle(root));
    const project = join(root, "project");
    mkdirSync(project);
    const install = (bundleDir: string) =>
      runInstall({
        bundleDir,
        projectDir: project,
        choice: { kind: "all" },
        moveAside: false,
        dryRun: false,
      });
    const [fresh, freshResult] = await timed(() => install(v1));
    const before = stamps(project);
    settle(root);
    const [noop, noopResult] = await timed(() => install(v1));
    const wroteNothing = stamps(project) === before && noopResult.written === false;
    settle(root);
    const [upgrade, upgradeResult] = await timed(() => install(v2));
    settle(root);
    const [uninstall, uninstallResult] = await timed(() =>
      runUninstall({ projectDir: project, dryRun: false }),
    );
    const statuses = [freshResult, noopResult, upgradeResult, uninstallResult].map((r) => r.status);
    if (statuses.some((s) => s !== "ok")) throw new Error(`a run failed: ${statuses.join(", ")}`);
    const left = readdirSync(project).length;
    const rows = [
      ["cp -r of the same tree", cp],
      ["cp -r, then sync -f", cp + cpFlush],
      ["fresh install", fresh],
      ["no-op reinstall", noop],
      ["upgrade, 10 % changed", upgrade],
      ["uninstall", uninstall],
    ] as const;
    console.log(`installer benchmark: ${fileCount} files, load average ${loadavg()[0]?.toFixed(2)}`);
    for (const [label, seconds] of rows) console.log(`  ${label.padEnd(24)} ${seconds.toFixed(3)} s`);
    const ratio = fresh / cp;
    console.log(
      `  fresh install / cp -r     ${ratio.toFixed(2)}x (target <= ${targets.freshVsCp}x): ${ratio <= targets.freshVsCp ? "met" : "missed"}`,
    );
    console.log(
      `  fresh install / (cp -r, then sync -f): ${(fresh / (cp + cpFlush)).toFixed(2)}x (the install flushes what it wrote before it commits)`,
    );
    console.log(
      `  no-op reinstall           ${noop.toFixed(3)} s (target < ${targets.noopSeconds} s): ${noop < targets.noopSeconds ? "met" : "missed"}; wrote nothing: ${wroteNothing ? "yes" : "NO"}`,
    );
    console.log(`  uninstall left ${left} entries in the project`);
    if (!wroteNothing || left !== 0) process.exitCode = 1;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
