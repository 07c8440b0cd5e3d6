import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { packageRoot } from "../src/shared/package-paths.js";
import { longestFirst } from "./slow-tests.js";
import { testEntries } from "./test-groups.js";
import { testTmpfs } from "./test-tmpfs.js";

/**
 * npm run test:<area> (after npm run build): the test files of one area, with node's test runner. Test folders
 * mirror src/; the installer and the conformance tests (real assistant CLIs) are areas of their own, the
 * compiler is everything else; `all` (npm test) is every area. Only *.test.js files run: node --test given a
 * folder would start every .js file under a folder named test, the harnesses in support/ too. Most files run
 * in groups, one process each (test-groups.ts).
 * Arguments after the area go to node --test.
 */
const testDir = join(packageRoot, "dist", "test");
const notTests = new Set(["support", "fixtures", "golden"]);
const ownAreas: Record<string, string[]> = { install: ["install"], conformance: ["conformance"] };

function foldersOf(area: string): string[] {
  const own = ownAreas[area];
  if (own) return own;
  const claimed = new Set(area === "all" ? [] : Object.values(ownAreas).flat());
  return readdirSync(testDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !notTests.has(e.name) && !claimed.has(e.name))
    .map((e) => e.name);
}

function testFiles(folder: string): string[] {
  return readdirSync(join(testDir, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".test.js"))
    .map((name) => join(testDir, folder, name))
    .sort();
}

/**
 * One test process more than the machine has cores, at most 4, unless the arguments say otherwise: many
 * tests wait on a process, a server or a deadline, and with one process per core a core idled then (on this
 * two-core machine the whole run took 339 s with 2, 302 s with 3, at the same CPU time).
 */
function concurrency(args: string[]): string[] {
  if (args.some((arg) => arg.startsWith("--test-concurrency"))) return [];
  return [`--test-concurrency=${Math.min(availableParallelism() + 1, 4)}`];
}

const [area, ...rest] = process.argv.slice(2);
if (!area || !["all", "compiler", ...Object.keys(ownAreas)].includes(area)) {
  process.stderr.write(
    "usage: node dist/scripts/test-area.js all|compiler|install|conformance [node --test options]\n",
  );
  process.exit(2);
}
const files = longestFirst(testDir, foldersOf(area).flatMap(testFiles));
process.stderr.write(`test:${area}: ${files.length} files in ${foldersOf(area).join(", ")}\n`);
const tmp = testTmpfs();
const scratch = mkdtempSync(join(tmp.env.TMPDIR ?? tmpdir(), "agentc-test-groups-"));
const entries = testEntries(testDir, files, scratch);
const run = spawnSync(
  process.execPath,
  [
    "--test",
    "--test-reporter=spec",
    ...concurrency(rest),
    ...rest,
    ...entries.map((f) => relative(process.cwd(), f)),
  ],
  {
    stdio: "inherit",
    // The conformance area runs every session, not npm test's slice (test/support/conformance-slice.ts).
    env: area === "conformance" ? { ...tmp.env, AGENTC_CONFORMANCE: "full" } : tmp.env,
  },
);
rmSync(scratch, { recursive: true, force: true });
tmp.release();
process.exitCode = run.status ?? 1;
