import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { zipSync } from "fflate";
import { AgentcError, resolveBundle } from "../../../src/install/bundle/resolve-bundle.js";
import { packageRoot } from "../../../src/shared/package-paths.js";
import { testdir } from "../../support/testdir.js";
import {
  type BuildFixture,
  craftBundle,
  leftovers,
  patchEntry,
  repeatCentralRecord,
} from "../../support/zip-fixtures.js";

const MiB = 1024 * 1024;

async function rejected(zip: Uint8Array, expected: RegExp): Promise<string> {
  const file = join(testdir(), "bomb.zip");
  writeFileSync(file, zip);
  const tempRoot = testdir();
  const error = await resolveBundle(file, { tempRoot }).then(
    () => assert.fail("the bundle was accepted"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof AgentcError, String(error));
  assert.match(error.message, expected);
  assert.deepEqual(leftovers(tempRoot), [], "the staging folder is removed");
  return error.message;
}

/**
 * Runs resolveBundle on `zip` in a child limited to a 64 MB heap; returns its peak resident memory, from
 * VmHWM where Linux has it (getrusage's maxRSS would include the parent's peak from before exec).
 */
function inSmallChild(zip: string): { output: string; peakMiB: number } {
  const tempRoot = testdir();
  const module = pathToFileURL(join(packageRoot, "dist/src/install/bundle/resolve-bundle.js")).href;
  const script = `
    const { resolveBundle } = await import(${JSON.stringify(module)});
    let outcome = "accepted";
    try { (await resolveBundle(${JSON.stringify(zip)}, { tempRoot: ${JSON.stringify(tempRoot)} })).cleanup(); }
    catch (e) { outcome = e.name + ": " + e.message; }
    const { readFileSync, existsSync } = await import("node:fs");
    const hwm = existsSync("/proc/self/status") ? /VmHWM:\\s+(\\d+)/.exec(readFileSync("/proc/self/status", "utf8")) : null;
    console.log(JSON.stringify({ outcome, maxRss: hwm ? Number(hwm[1]) : process.resourceUsage().maxRSS }));`;
  const child = spawnSync(
    process.execPath,
    ["--max-old-space-size=64", "--input-type=module", "-e", script],
    {
      encoding: "utf8",
    },
  );
  assert.equal(child.status, 0, `the child crashed: ${child.stderr.slice(-2000)}`);
  assert.deepEqual(leftovers(tempRoot), []);
  const report = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as {
    outcome: string;
    maxRss: number;
  };
  return { output: report.outcome, peakMiB: report.maxRss / 1024 };
}

describe("case 16: zip bombs are stopped by limits, with the staging folder removed", () => {
  const small: BuildFixture = { files: { "AGENTS.md": "# Rules\n" } };

  it("aborts an entry that inflates past its declared size, while inflating", async () => {
    const real = Buffer.alloc(900_000, "a");
    const zip = patchEntry(craftBundle({ files: { "big.txt": real } }), "big.txt", "size", 1000);
    await rejected(zip, /"big\.txt" inflates past its declared 1000 bytes/);
  });

  it("rejects an entry that holds fewer bytes than it declares", async () => {
    const zip = patchEntry(craftBundle({ files: { "a.txt": "short" } }), "a.txt", "size", 5000);
    await rejected(zip, /"a\.txt" holds 5 bytes, not the declared 5000/);
  });

  it("rejects a stored entry whose two sizes disagree, before extracting", async () => {
    const zip = patchEntry(craftBundle({ files: { "a.txt": "stored" } }, [], 0), "a.txt", "size", 600);
    await rejected(zip, /"a\.txt" is stored but declares 600 bytes in 6/);
  });

  it("rejects a huge declared size against the per-file and total limits", async () => {
    let zip = craftBundle({
      files: { "a.txt": "1", "b.txt": "2", "c.txt": "3", "d.txt": "4", "e.txt": "5" },
    });
    for (const name of ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"])
      zip = patchEntry(zip, name, "size", 250 * MiB);
    const message = await rejected(zip, /the entries add up to \d+ bytes, over the limit of 1073741824/);
    assert.match(message, /inflates 262144000 : \d+, over the ratio limit of 200 : 1/);
    zip = patchEntry(zip, "a.txt", "size", 0xfffffff0);
    await rejected(zip, /"a\.txt" declares 4294967280 bytes, over the per-file limit of 268435456/);
  });

  it("rejects an entry whose compression ratio is over 200:1", async () => {
    const zip = craftBundle({ files: { "zeros.bin": Buffer.alloc(20 * MiB) } });
    await rejected(zip, /"zeros\.bin" inflates 20971520 : \d+, over the ratio limit of 200 : 1/);
  });

  it("rejects an archive whose overall ratio is over 200:1 even when each entry is small", async () => {
    const files: Record<string, Buffer> = {};
    for (let i = 0; i < 40; i++) files[`z${i}.bin`] = Buffer.alloc(MiB - 1);
    const message = await rejected(
      craftBundle({ files }),
      /the archive inflates \d+ : \d+, over the ratio limit/,
    );
    assert.doesNotMatch(message, /"z0\.bin" inflates/, "each entry alone is under the ratio floor");
  });

  it("rejects more than 100,000 entries while reading the directory", async () => {
    const input: Record<string, [Uint8Array, { level: 0 }]> = {};
    for (let i = 0; i <= 100_000; i++) input[`f/${i}`] = [new Uint8Array(0), { level: 0 }];
    await rejected(zipSync(input), /holds more than 100000 entries/);
  });

  it("rejects a path deeper than 32 folders", async () => {
    const deep = `${Array.from({ length: 40 }, () => "d").join("/")}/f.md`;
    await rejected(craftBundle(small, [{ name: deep, data: "x" }]), /is more than 32 folders deep/);
  });

  it("rejects entries that share data (how non-recursive zip bombs reuse one stream)", async () => {
    const zip = repeatCentralRecord(craftBundle({ files: { "a.txt": "x".repeat(500_000) } }), "a.txt");
    await rejected(zip, /"a\.txt" overlaps the data of "a\.txt"/);
  });

  it("keeps memory bounded: a 96 MiB bundle unpacks in a child with a 64 MB heap and a small peak", () => {
    const payload = randomBytes(96 * MiB);
    const zip = join(testdir(), "large.zip");
    writeFileSync(zip, craftBundle({ files: { "payload.bin": payload } }, [], 0));
    const run = inSmallChild(zip);
    assert.equal(run.output, "accepted");
    assert.ok(run.peakMiB < 96, `peak resident memory ${run.peakMiB.toFixed(0)} MiB holds the whole archive`);
  });

  it("keeps memory bounded while aborting a lying entry that would inflate to 64 MiB", () => {
    const bomb = patchEntry(
      craftBundle({ files: { "bomb.bin": Buffer.alloc(64 * MiB) } }),
      "bomb.bin",
      "size",
      900_000,
    );
    const zip = join(testdir(), "bomb.zip");
    writeFileSync(zip, bomb);
    const run = inSmallChild(zip);
    assert.match(run.output, /AgentcError: .*"bomb\.bin" inflates past its declared 900000 bytes/);
    assert.ok(run.peakMiB < 96, `peak resident memory ${run.peakMiB.toFixed(0)} MiB`);
  });
});
