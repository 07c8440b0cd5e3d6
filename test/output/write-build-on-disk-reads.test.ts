import assert from "node:assert/strict";
import { appendFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { OnDisk } from "../../src/output/on-disk.js";
import { testdir } from "../support/testdir.js";

/** OnDisk builds full paths itself (root + path) and reads with the size lstat gave: both must hold. */
describe("OnDisk reads the output folder however its root is written", () => {
  const files = { "a/b.txt": "bee\n", "top.txt": "top\n" };

  for (const [label, root] of [
    ["absolute", (dir: string) => dir],
    ["with a trailing slash", (dir: string) => `${dir}/`],
    ["with ./ and ..", (dir: string) => `${dir}/a/.././`],
    ["relative to the working folder", (dir: string) => relative(process.cwd(), dir) || "."],
  ] as const) {
    it(`finds, reads and compares files below a root ${label}`, () => {
      const disk = new OnDisk(root(testdir(files)));
      assert.equal(disk.isFile("a/b.txt"), true);
      assert.equal(disk.isFile("top.txt"), true);
      assert.equal(disk.stat("missing/c.txt"), undefined);
      assert.equal(disk.bytes("a/b.txt")?.toString(), "bee\n");
      assert.equal(disk.holds("a/b.txt", Buffer.from("bee\n")), true);
      assert.equal(disk.holds("top.txt", Buffer.from("toq\n")), false);
      assert.equal(disk.holds("top.txt", Buffer.from("top\n\n")), false);
    });
  }

  it("reads a file that grew after it was lstat-ed in full", () => {
    const dir = testdir(files);
    const disk = new OnDisk(dir);
    assert.equal(disk.stat("top.txt")?.size, 4);
    appendFileSync(join(dir, "top.txt"), "more text\n");
    assert.equal(disk.bytes("top.txt")?.toString(), "top\nmore text\n");
    assert.equal(disk.holds("top.txt", Buffer.from("top\n")), false);
  });

  it("answers a comparison again for other bytes, and after forget", () => {
    const dir = testdir(files);
    const disk = new OnDisk(dir);
    const ours = Buffer.from("top\n");
    assert.equal(disk.holds("top.txt", ours), true);
    appendFileSync(join(dir, "top.txt"), "x");
    assert.equal(disk.holds("top.txt", ours), true, "the same question is answered once");
    disk.forget("top.txt");
    assert.equal(disk.holds("top.txt", ours), false);
    assert.equal(disk.holds("top.txt", Buffer.from("top\nx")), true);
  });
});
