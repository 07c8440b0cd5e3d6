import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import type { Locator, Page } from "playwright-core";
import { levelsStrongestFirst } from "../../src/emit/matrix/capability-matrix.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { artifactsDir, type Browser, launchChromium } from "../support/browser.js";
import { runAgentc } from "../support/run-cli.js";
import { startServe } from "../support/serve-process.js";
import { type StaticSite, serveBuildPage } from "../support/static-site.js";
import { testdir } from "../support/testdir.js";

interface Matrix {
  clients: string[];
  promises: { promise: string; cells: Record<string, { enforcement: string }> }[];
}

const team = join(packageRoot, "examples", "team");
let build: string;
let site: StaticSite;
let browser: Browser;
let matrix: Matrix;
let manifest: {
  install: { components: Record<string, unknown>; artifact_hashes: string[]; seed_hashes: string[] };
};
let dryRun: string;
let status: string;

async function cli(args: string[]): Promise<string> {
  const result = await runAgentc(args);
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

/** A real dry-run plan and a real status with drift, from the CLI, for the page to read. */
async function planAndStatus(): Promise<{ dryRun: string; status: string }> {
  const project = testdir({ ".mcp.json": '{ "model": "opus" }\n' });
  const plan = await cli([
    "install",
    build,
    "--project",
    project,
    "--components",
    "claude-code,cursor",
    "--dry-run",
    "--format",
    "json",
  ]);
  await cli(["install", build, "--project", project, "--components", "claude-code,cursor", "--yes"]);
  writeFileSync(join(project, "AGENTS.md"), "edited by hand\n");
  return { dryRun: plan, status: await cli(["status", "--project", project, "--format", "json"]) };
}

/** The text as shown: Playwright's innerText leaves hidden parts out and keeps line breaks. */
function rendered(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: a Playwright Locator, not a DOM node
  return locator.innerText();
}

/** Opens the page and collects every console error and uncaught exception while it loads. */
async function open(width: number, url = site.url): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewportSize({ width, height: 1000 });
  await page.goto(url);
  await page.waitForSelector("html[data-ready]");
  return { page, errors };
}

before(async () => {
  build = join(testdir(), "build");
  await cli(["build", team, "--out", build, "--quiet"]);
  matrix = JSON.parse(await cli(["matrix", team, "--format", "json"])) as Matrix;
  manifest = JSON.parse(readFileSync(join(build, "manifest.json"), "utf8"));
  ({ dryRun, status } = await planAndStatus());
  const served = await startServe([build]);
  site = { url: served.url, close: async () => void (await served.stop()) };
  browser = await launchChromium();
  mkdirSync(artifactsDir, { recursive: true });
});

after(async () => {
  await browser?.close();
  await site?.close();
});

describe("the registry page of examples/team in Chromium", () => {
  it("loads from agentc serve without a console error, and from a plain static host and the disk as well", async () => {
    const { page, errors } = await open(1920);
    assert.deepEqual(errors, []);
    assert.match(await page.title(), /0\.3\.0/);
    await page.close();
    const staticHost = await serveBuildPage(build);
    const fromStatic = await open(1280, staticHost.url);
    assert.deepEqual(fromStatic.errors, []);
    assert.ok((await fromStatic.page.locator("li[data-rule]").count()) > 0);
    await fromStatic.page.close();
    await staticHost.close();
    const fromDisk = await open(1280, pathToFileURL(join(build, "site", "index.html")).href);
    assert.deepEqual(fromDisk.errors, []);
    assert.ok((await fromDisk.page.locator("li[data-rule]").count()) > 0);
    await fromDisk.page.close();
  });

  it("shows every rule, every component and every cell of the matrix", async () => {
    const { page } = await open(1920);
    const rules = await page.locator("li[data-rule] code.slug").allTextContents();
    assert.deepEqual(rules.sort(), ["code-style", "skill-router", "testing"]);
    const components = await page
      .locator("details[data-component]")
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.component));
    assert.deepEqual(components, Object.keys(manifest.install.components));
    const claude = page.locator('details[data-component="claude-code"]');
    await claude.locator(":scope > summary").click();
    await claude.locator("table.files tbody tr").first().waitFor();
    const hashes = await claude
      .locator("tr")
      .evaluateAll((trs) =>
        trs
          .slice(1)
          .map(
            (tr) =>
              `${tr.querySelector("td code")?.textContent} :: ${tr.querySelector(".hash")?.textContent}`,
          ),
      );
    const shipped = new Set([...manifest.install.artifact_hashes, ...manifest.install.seed_hashes]);
    assert.ok(hashes.length > 5 && hashes.every((line) => shipped.has(line)), hashes.join("\n"));
    const header = await page.locator("table.matrix thead th[data-c]").allTextContents();
    assert.deepEqual(header, matrix.clients);
    const rows = await page.locator("table.matrix tr.promise").evaluateAll((trs) =>
      trs.map((tr) => ({
        promise: tr.querySelector("th")?.textContent,
        cells: [...tr.querySelectorAll("td[data-c]")].map(
          (td) => `${(td as HTMLElement).dataset.c}=${(td as HTMLElement).dataset.s}`,
        ),
      })),
    );
    assert.equal(rows.length, matrix.promises.length);
    rows.forEach((row, i) => {
      const promise = matrix.promises[i];
      assert.equal(row.promise, promise?.promise);
      assert.deepEqual(
        row.cells,
        matrix.clients.map((c) => `${c}=${promise?.cells[c]?.enforcement ?? ""}`),
      );
    });
    await page.close();
  });

  it("filters the matrix by client and by level, from the keyboard", async () => {
    const { page } = await open(1920);
    const visible = () => page.locator("table.matrix tr.promise:not([hidden])").count();
    await page.locator('input[name="client"][value="codex"]').focus();
    await page.keyboard.press("Space");
    assert.equal(await page.locator('table.matrix [data-c="codex"]:not([hidden])').count(), 0);
    for (const level of levelsStrongestFirst.filter((l) => l !== "cannot")) {
      await page.locator(`input[name="state"][value="${level}"]`).focus();
      await page.keyboard.press("Space");
    }
    const others = matrix.clients.filter((c) => c !== "codex");
    const expected = matrix.promises.filter((p) => others.some((c) => p.cells[c]?.enforcement === "cannot"));
    assert.equal(await visible(), expected.length);
    assert.equal(
      await page.locator("#matrix-count").textContent(),
      `Showing ${expected.length} of ${matrix.promises.length} promises`,
    );
    const shownCells = await page
      .locator("table.matrix tr.promise:not([hidden]) td[data-c]:not([hidden]):not(.off)")
      .evaluateAll((tds) => tds.map((td) => (td as HTMLElement).dataset.s));
    assert.ok(shownCells.length > 0 && shownCells.every((s) => s === "cannot"));
    await page.getByRole("button", { name: "Show all" }).click();
    await page.waitForFunction(
      (n) => document.querySelectorAll("table.matrix tr.promise:not([hidden])").length === n,
      matrix.promises.length,
    );
    await page.close();
  });

  it("opens a cell's reason and the rules filter from the keyboard", async () => {
    const { page } = await open(1280);
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Skip to content");
    const cell = page.locator("table.matrix td[data-c] summary").first();
    await cell.focus();
    await page.keyboard.press("Enter");
    assert.equal(await page.locator("table.matrix td[data-c] details").first().getAttribute("open"), "");
    await page.locator("#rule-filter").focus();
    await page.keyboard.type(".cursor/rules");
    assert.equal(await page.locator("li[data-rule]:not([hidden])").count(), 1);
    assert.equal(await page.locator("#rule-count").textContent(), "1 of 3 rules");
    await page.close();
  });

  it("renders a real dry-run plan as a diff, pasted, and a real status, opened as a file", async () => {
    const { page, errors } = await open(1280);
    const plan = JSON.parse(dryRun) as { actions: { op: string; path: string }[] };
    await page.locator("#plan-json").fill(dryRun);
    await page.getByRole("button", { name: "Show the plan" }).click();
    const lines = await page.locator("#plan-out > ol.diff > li").allInnerTexts();
    assert.equal(lines.length, plan.actions.filter((a) => a.op !== "unchanged").length);
    assert.ok(
      lines.some((l) => /^\+\s*create\s+AGENTS\.md\s+agents-md/.test(l)),
      lines.join("\n"),
    );
    const mcp = page.locator("#plan-out > ol.diff > li", { hasText: ".mcp.json" });
    assert.match(await rendered(mcp), /~\s*update\s+\.mcp\.json[\s\S]*\+\s*add\s+mcpServers\.docs/);
    const statusFile = join(testdir(), "status.json");
    writeFileSync(statusFile, status);
    await page.locator("#plan-file").setInputFiles(statusFile);
    await page.waitForSelector("#plan-out ol[aria-label='Drift']");
    assert.match(await rendered(page.locator("#plan-out")), /~\s*modified\s+AGENTS\.md/);
    await page.locator("#plan-json").fill('{"actions": [}');
    await page.getByRole("button", { name: "Show the plan" }).click();
    assert.match(await rendered(page.getByRole("alert")), /not JSON \(line 1, column 14\)/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("fits 320 px and 1920 px without sideways scrolling or layout shift, and saves both screenshots", async () => {
    for (const width of [320, 1920]) {
      const { page } = await open(width);
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
            }).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(total), 300);
          }),
      );
      assert.equal(shift, 0, `layout shift at ${width} px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${overflow} px too wide at ${width} px`);
      await page.screenshot({ path: join(artifactsDir, `registry-page-${width}.png`), fullPage: true });
      await page.close();
    }
  });

  it("has no serious or critical accessibility violation (axe-core), light and dark", async () => {
    const axe = readFileSync(join(packageRoot, "node_modules", "axe-core", "axe.min.js"), "utf8");
    for (const scheme of ["light", "dark"] as const) {
      const { page } = await open(1280);
      await page.emulateMedia({ colorScheme: scheme });
      // The plan as the test above pastes it, set at once: Playwright's fill() types 2 s into the textarea.
      await page.locator("#plan-json").evaluate((area: HTMLTextAreaElement, json) => {
        area.value = json;
      }, dryRun);
      await page.getByRole("button", { name: "Show the plan" }).click();
      await page
        .locator("table.matrix td[data-c] details")
        .first()
        .evaluate((d) => d.setAttribute("open", ""));
      await page.evaluate(axe);
      const violations = await page.evaluate(async () => {
        const run = (
          window as unknown as {
            axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
          }
        ).axe.run;
        const result = await run();
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
      });
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      assert.deepEqual(serious, [], `${scheme}: ${JSON.stringify(violations)}`);
      await page.close();
    }
  });
});
