import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { allChecks } from "../../src/check-list/index.js";
import type { Check } from "../../src/checks/check.js";
import { checkDependency } from "../../src/dependencies/content-check.js";
import { type Diagnostic, diagnosticLine } from "../../src/diagnostics/diagnostic.js";
import { importProject } from "../../src/import/import-project.js";
import { lintProject } from "../../src/lint/index.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { untrustedDependency } from "../support/dependency-input.js";
import { testdir, writeLinks } from "../support/testdir.js";

/**
 * A registry example is built; an example of an import check is a project, imported into a new folder; an
 * example of a lint check is a project, linted.
 */
async function diagnosticsOf(check: Check, dir: string): Promise<Diagnostic[]> {
  if (check.examples.dependency) return dependencyDiagnostics(check.examples.dependency.name, dir);
  if (check.stage === "lint") return [...(await lintProject(dir)).diagnostics];
  if (check.stage !== "import") return (await compileRegistry(dir, { fetchTimeoutMs: 2000 })).diagnostics;
  const result = await importProject(dir, join(testdir(), "registry"));
  return result.kind === "usage" ? [] : result.diagnostics;
}

/** An example that is a dependency's files, screened as the resolver screens an untrusted dependency. */
function dependencyDiagnostics(name: string, dir: string): Diagnostic[] {
  const files = listFiles(dir).map((path) => [path, readFileSync(join(dir, path))] as [string, Uint8Array]);
  return checkDependency(untrustedDependency(name, files)).diagnostics;
}

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(dir, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/** The examples in every check's docs are executed, so the docs cannot drift from the checks. */
describe("check examples", () => {
  for (const check of allChecks) {
    it(`${check.id} ${check.slug}: the passing example builds without errors and without ${check.id}`, async () => {
      const diagnostics = await diagnosticsOf(check, testdir(check.examples.passing));
      const own = diagnostics.filter((d) => d.id === check.id);
      assert.deepEqual(own, []);
      assert.deepEqual(
        diagnostics.filter((d) => d.severity === "error"),
        [],
      );
    });
    it(`${check.id} ${check.slug}: the failing example yields exactly the lines its docs show`, async () => {
      const dir = writeLinks(testdir(check.examples.failing), check.examples.failingLinks);
      const diagnostics = await diagnosticsOf(check, dir);
      const own = diagnostics.filter((d) => d.id === check.id).map((d) => diagnosticLine(d));
      assert.ok(own.length > 0, `no ${check.id} among: ${JSON.stringify(diagnostics, null, 1)}`);
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
