import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  builtinPackFields,
  fieldsOf,
  fieldsOfFiles,
  precomputedFields,
} from "../../src/clients/builtin-pack-fields.js";
import { builtinClientPacks, builtinClientPacksIfRead } from "../../src/clients/load-client-packs.js";
import { packageDataFiles } from "../../src/documents/package-data.js";
import { sha256 } from "../../src/shared/hash.js";
import { builtinClientsDir } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

const files = packageDataFiles(builtinClientsDir, "clients");

describe("builtin pack fields (AGC107, AGC108)", () => {
  it("are precomputed by the build for the bytes of every built-in pack", () => {
    const precomputed = precomputedFields();
    for (const file of files)
      assert.ok(precomputed.has(sha256(readFileSync(file.path))), `no precomputed fields for ${file.file}`);
  });

  it("are the fields of the packs as builtinClientPacks parses them, in the same order", () => {
    assert.equal(builtinClientPacksIfRead(), undefined, "this test must run before the packs are parsed");
    const fast = builtinPackFields();
    const parsed = builtinClientPacks().map(({ pack }) => ({ pack: fieldsOf(pack) }));
    assert.deepEqual(fast, parsed);
    assert.deepEqual(fieldsOfFiles(files, new Map()), parsed);
    // Once the packs are parsed, their fields come from them.
    assert.deepEqual(builtinPackFields(), parsed);
  });

  it("parses a pack whose bytes changed since the build instead of using stale fields", () => {
    const source = files.find((f) => f.file === "clients/claude-code.json") ?? files[0];
    assert.ok(source);
    const text = readFileSync(source.path, "utf8").replace(
      /"name": "[^"]*"/,
      '"name": "Edited Since The Build"',
    );
    const dir = testdir({ [source.file.slice("clients/".length)]: text });
    const edited = packageDataFiles(dir, "clients");
    const [fields] = fieldsOfFiles(edited, precomputedFields());
    assert.equal(fields?.pack.name, "Edited Since The Build");
    assert.equal(join(dir, source.file.slice("clients/".length)), edited[0]?.path);
  });
});
