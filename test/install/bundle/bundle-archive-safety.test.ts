import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { AgentcError, resolveBundle } from "../../../src/install/bundle/resolve-bundle.js";
import { testdir } from "../../support/testdir.js";
import {
  type BuildFixture,
  type CraftEntry,
  craftBundle,
  craftZip,
  leftovers,
  manifestFor,
  patchEntry,
} from "../../support/zip-fixtures.js";

const fixture: BuildFixture = { files: { "AGENTS.md": "# Rules\n", ".claude/rules/a.md": "a\n" } };

/** Resolves the zip and expects a AgentcError matching `expected`, with nothing left in tempRoot. */
async function rejected(zip: Buffer, expected: RegExp): Promise<AgentcError> {
  const file = join(testdir(), "bundle.zip");
  writeFileSync(file, zip);
  const tempRoot = testdir();
  let caught: unknown;
  await resolveBundle(file, { tempRoot }).then(
    () => assert.fail("the bundle was accepted"),
    (error: unknown) => {
      caught = error;
    },
  );
  assert.ok(caught instanceof AgentcError, String(caught));
  assert.match(caught.message, expected);
  assert.ok(caught.hint.length > 0);
  assert.deepEqual(leftovers(tempRoot), [], "nothing extracted, no temp folder left");
  return caught;
}

describe("case 13: entries that escape the staging folder reject the whole bundle", () => {
  const escapes: [string, RegExp][] = [
    ["../x", /"\.\.\/x" has an unsafe name: it holds a '\.\.' segment/],
    ["a/../../x", /'\.\.' segment/],
    ["/abs", /"\/abs" has an unsafe name: it is absolute/],
    ["C:x", /"C:x" has an unsafe name: it starts with a drive letter/],
    ["a\\..\\x", /has an unsafe name: it holds a backslash/],
  ];
  for (const [name, expected] of escapes)
    it(`rejects ${JSON.stringify(name)}`, async () => {
      const error = await rejected(craftBundle(fixture, [{ name, data: "evil" }]), expected);
      assert.match(error.message, /is rejected, nothing was extracted/);
    });

  it("lists every bad entry at once", async () => {
    const bad = escapes.map(([name]) => ({ name, data: "evil" }));
    const error = await rejected(craftBundle(fixture, bad), /\.\.\/x/);
    for (const [, expected] of escapes) assert.match(error.message, expected);
  });
});

describe("case 14: link entries are rejected", () => {
  const links: [string, CraftEntry, RegExp][] = [
    [
      "a Unix symlink",
      { name: "link", data: "/etc/passwd", unixMode: 0o120777 },
      /"link" is a symbolic link/,
    ],
    [
      "a hard link (PKWARE Unix extra field with a target)",
      { name: "hard", data: "", extra: { 13: Buffer.alloc(12 + 11, 1) } },
      /"hard" is a hard or symbolic link \(extra field 0x000d\)/,
    ],
    ["a FIFO", { name: "fifo", unixMode: 0o010644 }, /"fifo" is a special file \(type 0o10000\)/],
    ["a block device", { name: "dev", unixMode: 0o060644 }, /"dev" is a special file/],
    [
      "a second name in a Unicode-path extra field",
      { name: "innocent.md", data: "x", extra: { 28789: Buffer.from("\u0001....../etc/x") } },
      /carries a second name/,
    ],
  ];
  for (const [what, entry, expected] of links)
    it(`rejects ${what}`, async () => {
      await rejected(craftBundle(fixture, [entry]), expected);
    });
});

describe("case 15: names Windows or git would misread are rejected on every OS", () => {
  const names: [string, RegExp][] = [
    ["CON", /reserved device name "CON"/],
    ["nul.txt", /reserved device name "nul\.txt"/],
    ["dir/aux.tar.gz", /reserved device name "aux\.tar\.gz"/],
    ["foo.", /ending in a dot or space \("foo\."\)/],
    ["foo ", /ending in a dot or space \("foo "\)/],
    [".git/config", /\.git segment/],
    ["a/.GIT/hooks/pre-commit", /\.git segment/],
  ];
  for (const [name, expected] of names)
    it(`rejects ${JSON.stringify(name)}`, async () => {
      await rejected(craftBundle(fixture, [{ name, data: "x" }]), expected);
    });

  it("rejects two entries that collide under case folding", async () => {
    const zip = craftBundle({ files: { "Agents.md": "1", "AGENTS.md": "2" } });
    await rejected(zip, /"AGENTS\.md" \(after reversing publish_rewrites\) collides with "Agents\.md"/);
  });
});

describe("the archive must be exactly manifest.json and its artifacts", () => {
  it("rejects an entry the manifest does not list", async () => {
    await rejected(
      craftBundle(fixture, [{ name: "extra.md", data: "x" }]),
      /"extra\.md" is in the archive but not in manifest\.json/,
    );
  });

  it("rejects a missing artifact", async () => {
    const zip = craftZip([
      { name: "manifest.json", data: manifestFor(fixture) },
      { name: "AGENTS.md", data: "# Rules\n" },
    ]);
    await rejected(zip, /"\.claude\/rules\/a\.md" is listed in manifest\.json but missing/);
  });

  it("rejects a bundle without manifest.json", async () => {
    await rejected(craftZip([{ name: "AGENTS.md", data: "x" }]), /has no manifest\.json at its root/);
  });

  it("rejects an artifact whose bytes differ from the manifest's hash", async () => {
    const zip = craftZip([
      { name: "manifest.json", data: manifestFor(fixture) },
      { name: "AGENTS.md", data: "# Tampered\n" },
      { name: ".claude/rules/a.md", data: "a\n" },
    ]);
    await rejected(zip, /"AGENTS\.md" does not match its hash in manifest\.json/);
  });

  it("rejects a manifest that is not JSON", async () => {
    await rejected(
      craftZip([{ name: "manifest.json", data: "{ nope" }]),
      /manifest\.json that is not valid JSON/,
    );
  });

  it("rejects a path that is both a file and a folder", async () => {
    await rejected(craftBundle({ files: { a: "1", "a/b": "2" } }), /"a" is both a file and a folder/);
  });
});

describe("files that are not zips", () => {
  it("rejects random bytes", async () => {
    await rejected(Buffer.from("this is not a zip at all, just some text\n".repeat(10)), /not a zip archive/);
  });

  it("rejects an empty file", async () => {
    await rejected(Buffer.alloc(0), /not a zip archive/);
  });

  it("rejects a zip cut short", async () => {
    const zip = craftBundle(fixture);
    await rejected(zip.subarray(0, zip.length - 40), /not a zip archive|truncated/);
    await rejected(zip.subarray(0, Math.floor(zip.length / 2)), /not a zip archive|truncated/);
  });

  it("rejects an entry whose data is damaged (CRC)", async () => {
    const zip = craftBundle(fixture);
    await rejected(patchEntry(zip, "AGENTS.md", "crc", 0x12345678), /"AGENTS\.md" fails its CRC-32 check/);
  });
});
