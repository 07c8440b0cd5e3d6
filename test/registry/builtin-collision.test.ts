import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { seedRegistry } from "../support/seed-fixtures.js";

describe("built-ins never collide with a registry's own adapters (issue 13)", () => {
  for (const fixture of ["000-examples", "000-rule-file", "000-every-field"]) {
    it(`${fixture}, written as seed 000 shows, builds with 0 errors and one AGC130 line`, async () => {
      const result = await compileRegistry(await seedRegistry(fixture));
      const errors = result.diagnostics.filter((d) => d.severity === "error");
      assert.deepEqual(errors, []);
      const left = result.diagnostics.filter((d) => d.id === "AGC130");
      assert.equal(left.length, 1);
      assert.match(left[0]?.message ?? "", /so none of the \d+ built-in adapters is used/);
      assert.ok(result.registry?.adapters.every((a) => !a.origin.builtin));
    });
  }
});
