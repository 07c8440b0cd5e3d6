import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { writeFileAtomic, writeThroughTemp } from "../../src/shared/atomic-write.js";
import { testdir } from "../support/testdir.js";

describe("writes through a temporary file (src/shared/atomic-write.ts)", () => {
  it("replaces the file whole and leaves no temporary file", () => {
    const dir = testdir({ "a.txt": "old\n" });
    writeFileAtomic(join(dir, "a.txt"), "new\n");
    assert.equal(readFileSync(join(dir, "a.txt"), "utf8"), "new\n");
    assert.deepEqual(readdirSync(dir), ["a.txt"]);
  });

  it("sets an executable mode even under a umask that clears it", () => {
    const dir = testdir({});
    const before = process.umask(0o077);
    try {
      writeFileAtomic(join(dir, "run.sh"), "#!/bin/sh\n", 0o755);
    } finally {
      process.umask(before);
    }
    assert.equal(statSync(join(dir, "run.sh")).mode & 0o777, 0o755);
  });

  it("keeps the old file and removes the temporary one when writing fails", () => {
    const dir = testdir({ "a.txt": "old\n" });
    assert.throws(
      () =>
        writeThroughTemp(join(dir, "a.txt"), (temp) => {
          writeFileAtomic(temp, "half");
          throw new Error("disk full");
        }),
      /disk full/,
    );
    assert.equal(readFileSync(join(dir, "a.txt"), "utf8"), "old\n");
    assert.deepEqual(readdirSync(dir), ["a.txt"]);
  });
});
