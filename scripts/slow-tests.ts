import { relative } from "node:path";

/**
 * The files that take longest (seconds each, `npm run test:profile`), started first: with two runners, a long
 * file started last leaves one runner idle while it ends. Longest first, then the rest in folder order.
 */
export const startFirst = [
  "scripts/scaffolds.test.js",
  "cli/test-prerequisites.test.js",
  "site/site-browser.test.js",
  "serve/serve-load.test.js",
  "serve/install-sh-compose.test.js",
  "install/install-crash.test.js",
  "cli/npm-package.test.js",
  "conformance/conformance-kilo.test.js",
  "serve/install-sh.test.js",
  "guard/guard-claude-tools.test.js",
  "install/install-signals.test.js",
  "serve/serve-header-deadline.test.js",
  "conformance/conformance-codex.test.js",
  "conformance/conformance-copilot.test.js",
  "checks/fidelity-checks.test.js",
  "seeds/seed-004-capability.test.js",
];

/** `files` (paths below `testDir`) with those of `startFirst` first, in its order, the rest as they were. */
export function longestFirst(testDir: string, files: string[]): string[] {
  const rank = (file: string) => {
    const at = startFirst.indexOf(relative(testDir, file).split("\\").join("/"));
    return at < 0 ? startFirst.length : at;
  };
  return files
    .map((file, index) => ({ file, index }))
    .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
    .map((e) => e.file);
}
