import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sitePagePaths } from "../src/emit/site-paths.js";
import { packageRoot } from "../src/shared/package-paths.js";
import { launchChromium } from "../test/support/browser.js";
import { serveBuildPage } from "../test/support/static-site.js";
import { generateRegistry } from "./compiler-registry.js";

/**
 * The registry page benchmark (docs/registry-page.md): the page of a generated 1,000-rule registry (every
 * built-in adapter, and examples/team's core/ so that every built-in client pack fills the matrix) is
 * built with the real CLI, served on loopback and opened in headless Chromium. Measured per load: from
 * navigation start to the first frame after the script has rendered every section. Target: under 1 s.
 */
const rules = Number(process.env.AGENTC_PAGE_BENCH_RULES ?? 1000);
const runs = 5;
const targetMs = 1000;
const ownLimitBytes = 100 * 1024;

function buildRegistry(work: string): string {
  const registry = join(work, "registry");
  generateRegistry(registry, rules);
  cpSync(join(packageRoot, "examples", "team", "core"), join(registry, "core"), { recursive: true });
  const out = join(work, "build");
  const built = spawnSync(
    process.execPath,
    [join(packageRoot, "bin", "agentc.js"), "build", registry, "--out", out, "--quiet"],
    {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (built.status !== 0)
    throw new Error(`agentc build failed (${built.status}): ${built.stderr.slice(0, 2000)}`);
  return out;
}

async function measure(
  out: string,
): Promise<{ loads: number[]; starts: number[]; counts: Record<string, number> }> {
  const site = await serveBuildPage(out);
  const browser = await launchChromium();
  try {
    const loads: number[] = [];
    const starts: number[] = [];
    let counts: Record<string, number> = {};
    for (let i = 0; i < runs + 1; i++) {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.goto(site.url, { waitUntil: "commit" });
      await page.waitForFunction(() => performance.getEntriesByName("agentc-rendered").length > 0);
      const [start, ms] = await page.evaluate(() =>
        ["agentc-start", "agentc-rendered"].map(
          (name) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN,
        ),
      );
      counts = await page.evaluate(() => ({
        rules: document.querySelectorAll("li[data-rule]").length,
        cells: document.querySelectorAll("table.matrix td[data-c]").length,
        elements: document.getElementsByTagName("*").length,
      }));
      counts.shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
            }).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(total), 200);
          }),
      );
      if (i > 0) {
        loads.push(ms ?? Number.NaN);
        starts.push(start ?? Number.NaN);
      }
      await page.close();
    }
    return { loads, starts, counts };
  } finally {
    await browser.close();
    await site.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), "agentc-page-bench-"));
  try {
    const out = buildRegistry(work);
    const html = statSync(join(out, sitePagePaths.html)).size;
    const own = [sitePagePaths.script, sitePagePaths.style].reduce(
      (sum, p) => sum + readFileSync(join(out, p)).length,
      0,
    );
    const { loads, starts, counts } = await measure(out);
    const load = median(loads);
    console.log(
      `agentc registry page benchmark — Chromium (${runs} loads after a warm-up), ${rules} rules, load average ${loadavg()[0]?.toFixed(1)}`,
    );
    console.log(`| what | figure | target |`);
    console.log(`|---|---|---|`);
    console.log(
      `| load and render, median (min–max) | ${load.toFixed(0)} ms (${Math.min(...loads).toFixed(0)}–${Math.max(...loads).toFixed(0)}) | < ${targetMs} ms ${load < targetMs ? "ok" : "FAIL"} |`,
    );
    console.log(
      `| page's own code + styles | ${(own / 1024).toFixed(1)} KB | < 100 KB ${own < ownLimitBytes ? "ok" : "FAIL"} |`,
    );
    console.log(
      `| of which until the script starts (HTML and data loaded, parsed), median | ${median(starts).toFixed(0)} ms | – |`,
    );
    console.log(`| layout shift while loading | ${counts.shift ?? Number.NaN} | 0 |`);
    console.log(`| index.html with its data | ${(html / 1024 / 1024).toFixed(2)} MB | – |`);
    console.log(
      `| rendered | ${counts.rules} rule rows, ${counts.cells} matrix cells, ${counts.elements} elements | – |`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`page bench: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
