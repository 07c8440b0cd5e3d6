import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { unzipSync } from "fflate";
import { defaultArchiveLimits } from "../../src/shared/zip/archive-limits.js";
import { fileSink, ZipWriter, zipInMemory } from "../../src/shared/zip/zip-writer.js";
import { testdir } from "../support/testdir.js";

const entries = [
  { name: "a.md", bytes: Buffer.from("# A\n".repeat(50)), mode: 0o644 },
  { name: "bin/run.sh", bytes: Buffer.from("#!/bin/sh\n"), mode: 0o755 },
];

describe("the one zip writer (src/shared/zip/zip-writer.ts)", () => {
  it("writes the same bytes to memory as to a file, and the same on every run", () => {
    const dir = testdir({});
    const writer = new ZipWriter(fileSink(join(dir, "x.zip")), defaultArchiveLimits);
    for (const entry of entries) writer.add(entry);
    const { bytes } = writer.finish();
    const onDisk = readFileSync(join(dir, "x.zip"));
    const inMemory = zipInMemory(entries, defaultArchiveLimits);
    assert.equal(onDisk.length, bytes);
    assert.ok(inMemory.equals(onDisk));
    assert.ok(zipInMemory(entries, defaultArchiveLimits).equals(inMemory));
  });

  it("writes a zip other readers take apart into the same files", () => {
    const files = unzipSync(new Uint8Array(zipInMemory(entries, defaultArchiveLimits)));
    assert.deepEqual(Object.keys(files), ["a.md", "bin/run.sh"]);
    for (const entry of entries) assert.ok(Buffer.from(files[entry.name] ?? []).equals(entry.bytes));
  });
});
