import { relative } from "node:path";

/**
 * The files that take longest (seconds each, `npm run test:profile`), started first: with two runners, a long
 * file started last leaves one runner idle while it ends. Longest first, then the rest in folder order.
 */
export const startFirst = [
  "scripts/scaffolds.test.js",
  "cli/npm-package.test.js",
  "conformance/conformance-kilo.test.js",
  "install/install-crash.test.js",
  "guard/guard-claude-tools.test.js",
  "serve/install-sh-compose.test.js",
  "fuzz/registry-fuzz.test.js",
  "dependencies/npm-dependencies.test.js",
  "seeds/seed-004-capability.test.js",
  "site/site-browser.test.js",
  "serve/install-sh.test.js",
  "conformance/conformance-gemini-session.test.js",
  "import/import-agentc-output.test.js",
  "guard/guard-corpus.test.js",
  "architecture/schemas-agree.test.js",
  "distribute/renovate.test.js",
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
