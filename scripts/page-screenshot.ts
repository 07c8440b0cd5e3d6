import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { compileRegistry } from "../src/pipeline/compile.js";
import { packageRoot } from "../src/shared/package-paths.js";
import { buildSite } from "../src/site/build-site.js";
import { launchChromium } from "../test/support/browser.js";
import { serveFolder } from "../test/support/static-site.js";

/**
 * `npm run screenshot`: the README's picture of the registry page, docs/registry-page.png: examples/team's
 * page in Chromium at 1280 × 800 CSS pixels, light scheme, scrolled to the capability matrix. The same
 * browser version gives the same picture.
 */
const target = join(packageRoot, "docs", "registry-page.png");

const result = await compileRegistry(join(packageRoot, "examples", "team"), { offline: true });
if (!result.ok || !result.registry || !result.tree || !result.manifest)
  throw new Error("examples/team does not build: run agentc build examples/team");
const { registry, tree, manifest, diagnostics } = result;
const work = mkdtempSync(join(tmpdir(), "agentc-screenshot-"));
const files = buildSite({ registry, tree, manifest, diagnostics });
for (const [path, bytes] of files) {
  mkdirSync(dirname(join(work, path)), { recursive: true });
  writeFileSync(join(work, path), bytes);
}
const site = await serveFolder(join(work, "site"));
const browser = await launchChromium();
try {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await page.goto(`${site.url}#matrix`);
  await page.waitForSelector("html[data-ready]");
  await page.locator("#matrix").scrollIntoViewIfNeeded();
  await page.evaluate(() => document.getElementById("matrix")?.scrollIntoView());
  await page.screenshot({ path: target, animations: "disabled", caret: "hide" });
  console.log(`wrote ${target}`);
} finally {
  await browser.close();
  await site.close();
  rmSync(work, { recursive: true, force: true });
}
