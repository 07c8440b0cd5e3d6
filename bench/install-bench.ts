import { spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { runInstall } from "../src/install/install-run.js";
import { runUninstall } from "../src/install/uninstall-run.js";
import { serializeManifest } from "../src/manifest/canonical-manifest.js";
import { writeBuildFolder } from "./build-folder.js";

/**
 * The installer benchmark (docs/installer.md): a generated 20,000-file bundle installed fresh, reinstalled
 * (a no-op that must write nothing), upgraded with 10 % of the files changed, and uninstalled, through the
 * library in this process; `cp -r` of the same tree is the yardstick. Deterministic input; prints figures.
 */
const fileCount = Number(process.env.AGENTC_BENCH_FILES ?? 20_000);
const perDir = 100;
const targets = { freshVsCp: 3, noopSeconds: 1, composedVsPlain: 1.1 };
const personsAgents = "# Payments service\n\nMoney is always integer cents.\n";

function generateBundle(dir: string, version: number, adopt = false): void {
  const files: Record<string, string> = adopt ? { "AGENTS.md": "# Rules\n\n- Keep functions short.\n" } : {};
  for (let i = 0; i < fileCount; i++) {
    const path = `.rules/d${String(Math.floor(i / perDir)).padStart(3, "0")}/rule-${i}.md`;
    const changed = version > 1 && i % 10 === 0;
    files[path] =
      `# rule ${i}${changed ? ` (v${version})` : ""}\n\n${"Keep this rule short and clear. ".repeat(12)}\n`;
  }
  writeBuildFolder(dir, files, ".rules", `${version}.0.0`);
  if (!adopt) return;
  const path = join(dir, "manifest.json");
  const manifest = JSON.parse(readFileSync(path, "utf8"));
  // named after a built-in client pack, so the install reads back what that client loads after composing
  const { rules } = manifest.install.components;
  manifest.install.components = { "claude-code": { ...rules, adopt: ["AGENTS.md :: block"] } };
  writeFileSync(path, serializeManifest(manifest));
}

/**
 * The cost of composing into a person's file (issue 11): the same 20,000-file bundle, which composes into
 * AGENTS.md, installed fresh into an empty project (agentc writes AGENTS.md) and into one with the person's
 * AGENTS.md (agentc's block goes into it, and what the clients load is read back with the session-load
 * model), three of each, interleaved. Returns the medians.
 */
async function compositionCost(root: string): Promise<{ plain: number; composed: number }> {
  const bundle = join(root, "adopt");
  mkdirSync(bundle);
  generateBundle(bundle, 1, true);
  const times = { plain: [] as number[], composed: [] as number[] };
  for (let round = 0; round < 3; round++)
    for (const kind of ["plain", "composed"] as const) {
      const project = join(root, `adopt-${kind}-${round}`);
      mkdirSync(project);
      if (kind === "composed") writeFileSync(join(project, "AGENTS.md"), personsAgents);
      settle(root);
      const [seconds, result] = await timed(() =>
        runInstall({
          bundleDir: bundle,
          projectDir: project,
          choice: { kind: "all" },
          moveAside: false,
          dryRun: false,
        }),
      );
      if (result.status !== "ok") throw new Error(`the ${kind} install failed: ${result.status}`);
      const composed = readFileSync(join(project, "AGENTS.md"), "utf8").startsWith(personsAgents);
      if (composed !== (kind === "composed"))
        throw new Error(`the ${kind} install did not do what it should`);
      times[kind].push(seconds);
      rmSync(project, { recursive: true, force: true });
    }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[1] ?? 0;
  return { plain: median(times.plain), composed: median(times.composed) };
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
    const composition = await compositionCost(root);
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
    const cost = composition.composed / composition.plain;
    console.log(
      `  fresh install composing into the person's AGENTS.md ${composition.composed.toFixed(3)} s / without ${composition.plain.toFixed(3)} s = ${cost.toFixed(2)}x (median of 3, target <= ${targets.composedVsPlain}x): ${cost <= targets.composedVsPlain ? "met" : "missed"}`,
    );
    if (!wroteNothing || left !== 0) process.exitCode = 1;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
