import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { loadBundle } from "../../../src/install/bundle/local-bundle.js";
import { readManifest } from "../../../src/install/bundle/read-manifest.js";
import { unlocatedLine } from "../../../src/manifest/manifest-line.js";
import { sha256 } from "../../../src/shared/hash.js";
import { makeBundle } from "../../support/install-fixture.js";

describe("a loaded bundle hands out only bytes checked against the hash asked for", () => {
  it("bytes verified for one hash never stand in for another hash of the same path", () => {
    const text = "# Rules\n";
    const dir = makeBundle({ components: { "agents-md": { files: { "AGENTS.md": text } } } });
    const read = readManifest(dir);
    assert.ok(read.ok);
    const bundle = loadBundle(dir, read.manifest, ["agents-md"], unlocatedLine);
    assert.ok(bundle.ok, JSON.stringify(bundle));
    const good = { from: "bundle" as const, path: "AGENTS.md", sha256: sha256(Buffer.from(text)) };
    assert.deepEqual(bundle.verify([good]), []);
    assert.equal(bundle.bytesOf(good).toString(), text);
    const other = { ...good, sha256: sha256(Buffer.from("# Other rules\n")) };
    assert.match(bundle.verify([other]).join("\n"), /does not match its hash/);
    assert.throws(() => bundle.bytesOf(other), /was not verified/);
  });
});
