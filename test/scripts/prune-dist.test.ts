import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { pruneDist } from "../../scripts/prune-dist.js";
import { testdir } from "../support/testdir.js";

describe("prune-dist (the first postbuild step)", () => {
  it("removes compiled files whose source is gone and the folders they leave empty, nothing else", () => {
    const root = testdir({
      "src/a.ts": "",
      "test/kept/b.test.ts": "",
      "dist/src/a.js": "",
      "dist/src/a.d.ts": "",
      "dist/src/gone.js": "",
      "dist/src/gone.d.ts": "",
      "dist/src/documents/precompiled-schemas.cjs": "",
      "dist/test/kept/b.test.js": "",
      "dist/test/moved/old.test.js": "",
      "dist/agentc.cjs": "",
    });
    assert.equal(pruneDist(root), 3);
    for (const kept of [
      "src/a.js",
      "src/a.d.ts",
      "src/documents/precompiled-schemas.cjs",
      "test/kept/b.test.js",
      "agentc.cjs",
    ])
      assert.ok(existsSync(join(root, "dist", kept)), kept);
    for (const gone of ["src/gone.js", "src/gone.d.ts", "test/moved"])
      assert.ok(!existsSync(join(root, "dist", gone)), gone);
  });
});
