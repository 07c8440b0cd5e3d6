import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { serializeManifest } from "../../src/manifest/canonical-manifest.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { seedRegistry } from "../support/seed-fixtures.js";

const goldenDir = join(packageRoot, "test", "golden", "seeds");

/** Every fixture written to a seed's shape, and the manifest it builds (UPDATE_GOLDEN=1 rewrites them). */
const fixtures = ["000-examples", "000-rule-file", "000-every-field", "001-client-pack", "004-capability"];

describe("seed fixtures: the manifests they build are pinned", () => {
  for (const name of fixtures) {
    it(`${name} builds with 0 errors and the manifest of test/golden/seeds/${name}.manifest.json`, async () => {
      const compiled = await compileRegistry(await seedRegistry(name));
      const errors = compiled.diagnostics.filter((d) => d.severity === "error");
      assert.deepEqual(errors, []);
      assert.ok(compiled.manifest);
      const text = serializeManifest(compiled.manifest);
      const golden = join(goldenDir, `${name}.manifest.json`);
      if (process.env.UPDATE_GOLDEN) {
        mkdirSync(goldenDir, { recursive: true });
        writeFileSync(golden, text);
      }
      assert.equal(text, readFileSync(golden, "utf8"));
    });
  }
});
