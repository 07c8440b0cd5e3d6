import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { packageRoot } from "../../src/shared/package-paths.js";

/** Screenshots the browser tests save on every run (gitignored; docs/registry-page.md). */
export const artifactsDir = join(packageRoot, "test-artifacts");

/** Debian's chromium package (`apt-get install -y chromium`; .ci/run installs it). */
export const chromiumPath = "/usr/bin/chromium";

/** The machine has no outside network: nothing of the browser may try to reach it. */
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile folder, removed on close. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(`${chromiumPath} is missing: install it with apt-get install -y chromium (.ci/run does)`);
  const profile = mkdtempSync(join(tmpdir(), "agentc-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
