import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { allChecks } from "../../src/checks/index.js";
import { diagnosticLine } from "../../src/diagnostics/diagnostic.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { testdir, writeLinks } from "../support/testdir.js";

/** The examples in every check's docs are executed, so the docs cannot drift from the checks. */
describe("check examples", () => {
  for (const check of allChecks) {
    it(`${check.id} ${check.slug}: the passing example builds without errors and without ${check.id}`, async () => {
      const result = await compileRegistry(testdir(check.examples.passing), { fetchTimeoutMs: 2000 });
      const own = result.diagnostics.filter((d) => d.id === check.id);
      assert.deepEqual(own, []);
      assert.deepEqual(
        result.diagnostics.filter((d) => d.severity === "error"),
        [],
      );
    });
    it(`${check.id} ${check.slug}: the failing example yields exactly the lines its docs show`, async () => {
      const result = await compileRegistry(
        writeLinks(testdir(check.examples.failing), check.examples.failingLinks),
        { fetchTimeoutMs: 2000 },
      );
      const own = result.diagnostics.filter((d) => d.id === check.id).map((d) => diagnosticLine(d));
      assert.ok(own.length > 0, `no ${check.id} among: ${JSON.stringify(result.diagnostics, null, 1)}`);
      assert.deepEqual(
        own,
        check.examples.expected,
        `${check.id}'s examples.expected differs from what the check reports`,
      );
    });
  }
});

describe("check list", () => {
  it("is ordered by id, with unique ids and slugs", () => {
    const ids = allChecks.map((c) => c.id);
    assert.deepEqual(ids, [...ids].sort());
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(new Set(allChecks.map((c) => c.slug)).size, ids.length);
    for (const check of allChecks) assert.match(check.id, /^AGC\d{3}$/);
  });
});
