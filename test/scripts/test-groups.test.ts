import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { startFirst } from "../../scripts/slow-tests.js";
import { ownProcess, testEntries } from "../../scripts/test-groups.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

const testDir = join(packageRoot, "dist", "test");

/** `node --test` on a group, as npm test's runner starts it (not as a child of this test's runner). */
function runGroup(group: string) {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  return spawnSync(process.execPath, ["--test", "--test-reporter=spec", group], { encoding: "utf8", env });
}

/** A test file that counts its hooks in a line of output: `<name> before=… each=… after=…`. */
const hookFile = (name: string) => `import { after, before, beforeEach, it } from "node:test";
const seen = { before: 0, each: 0 };
before(() => { seen.before++; });
beforeEach(() => { seen.each++; });
after(() => { console.log("${name} before=" + seen.before + " each=" + seen.each); });
await new Promise((resolve) => setTimeout(resolve, 20));
it("${name} one", () => {});
it("${name} two", () => {});
`;

describe("test files in groups (scripts/test-groups.ts)", () => {
  it("names only test files that exist as needing a process of their own", () => {
    assert.deepEqual(
      Object.keys(ownProcess).filter((file) => !existsSync(join(testDir, file))),
      [],
    );
  });

  it("runs slow files and those of ownProcess alone and first, then the rest in groups of at most 16, each once", () => {
    const alone = [startFirst[0] as string, Object.keys(ownProcess)[0] as string];
    const others = Array.from({ length: 20 }, (_, i) => `f/${String(i).padStart(2, "0")}.test.js`);
    const files = [...alone, ...others].map((f) => join(testDir, f));
    const scratch = testdir();
    const entries = testEntries(testDir, files, scratch);
    assert.deepEqual(
      entries,
      readdirSync(scratch).map((name) => join(scratch, name)),
    );
    assert.deepEqual(
      [...entries].sort(),
      entries,
      "node --test sorts the files it is given: the names keep the order",
    );
    const imported = entries.map((entry) =>
      files.filter((f) => readFileSync(entry, "utf8").includes(`"${pathToFileURL(f).href}"`)),
    );
    assert.deepEqual(imported.slice(0, 2), [[files[0]], [files[1]]]);
    assert.deepEqual(
      imported.slice(2).map((group) => group.length),
      [16, 4],
    );
    assert.deepEqual(imported.slice(2).flat(), files.slice(2));
  });

  it("keeps each file's hooks to its own tests, though the files load together", () => {
    const dir = testdir({ "a.test.mjs": hookFile("a"), "b.test.mjs": hookFile("b") });
    const scratch = testdir();
    const [group] = testEntries(dir, [join(dir, "a.test.mjs"), join(dir, "b.test.mjs")], scratch);
    const run = runGroup(group as string);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /a before=1 each=2/);
    assert.match(run.stdout, /b before=1 each=2/);
    assert.match(run.stdout, /▶ a\.test\.mjs\n {2}✔ a one/);
    assert.match(run.stdout, /ℹ tests 4\n/);
  });

  it("fails the group when a file of it fails, naming the file's suite", () => {
    const dir = testdir({
      "ok.test.mjs": hookFile("ok"),
      "bad.test.mjs":
        'import { it } from "node:test";\nit("bad one", () => { throw new Error("broken"); });\n',
    });
    const [group] = testEntries(dir, [join(dir, "ok.test.mjs"), join(dir, "bad.test.mjs")], testdir());
    const run = runGroup(group as string);
    assert.notEqual(run.status, 0);
    assert.match(run.stdout, /✖ bad\.test\.mjs/);
    assert.match(run.stdout, /ℹ pass 2\n/);
  });
});
