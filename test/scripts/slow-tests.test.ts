import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { longestFirst, startFirst } from "../../scripts/slow-tests.js";
import { packageRoot } from "../../src/shared/package-paths.js";

const testDir = join(packageRoot, "dist", "test");

describe("the test files npm test starts first", () => {
  it("are test files that exist (a renamed one would silently start last again)", () => {
    assert.deepEqual(
      startFirst.filter((file) => !existsSync(join(testDir, file))),
      [],
    );
  });

  it("start in the list's order, before the rest, which keeps its order", () => {
    const files = ["a/one.test.js", startFirst[1], "b/two.test.js", startFirst[0]].map((f) =>
      join(testDir, f as string),
    );
    assert.deepEqual(
      longestFirst(testDir, files).map((f) => f.slice(testDir.length + 1)),
      [startFirst[0], startFirst[1], "a/one.test.js", "b/two.test.js"],
    );
  });
});
