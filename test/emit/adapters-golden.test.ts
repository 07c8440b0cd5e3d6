import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { sbomPath } from "../../src/dependencies/sbom/sbom.js";
import { emitAdapter } from "../../src/emit/adapters/emit-adapter.js";
import { siteFolder } from "../../src/emit/site-paths.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import type { Adapter, Registry } from "../../src/registry/model.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { readTree, sorted, type Tree, updatingGoldens, writeTree } from "../support/golden-tree.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * One golden tree per built-in adapter: exactly the files it emits for the shared fixture registry, plus
 * diagnostics.json with what the format could not express. UPDATE_GOLDEN=1 rewrites the trees.
 */
const fixtureDir = join(packageRoot, "test", "fixtures", "golden-registry");
const goldenRoot = join(packageRoot, "test", "golden", "adapters");
const adaptersDir = join(packageRoot, "adapters");
const diagnosticsName = "diagnostics.json";

function emittedTree(adapter: Adapter, registry: Registry): Tree {
  const { files, diagnostics } = emitAdapter(adapter, registry);
  const tree: Tree = new Map(files.map((f) => [f.path, f.bytes.toString("utf8")]));
  const lost = diagnostics
    .filter((d) => d.id === "AGC029")
    .map(({ id, file, line, message }) => ({ id, file, line, message }));
  tree.set(diagnosticsName, `${JSON.stringify(lost, null, 2)}\n`);
  return tree;
}

describe("built-in adapters × the golden fixture registry", async () => {
  let registry: Registry;
  before(async () => {
    const result = await compileRegistry(fixtureDir, { offline: true, cacheDir: testdir() });
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    assert.deepEqual(errors, [], "the fixture registry compiles without errors");
    assert.ok(result.registry);
    registry = result.registry;
  });

  const adapterIds = sorted(readdirSync(adaptersDir).filter((n) => n.endsWith(".json"))).map((n) =>
    n.replace(/\.json$/, ""),
  );

  it("loads every adapter file as a built-in, and only those", () => {
    assert.deepEqual(sorted(registry.adapters.map((a) => a.adapter.id)), adapterIds);
  });

  for (const id of adapterIds) {
    it(`${id}: emits exactly the golden files, byte for byte, on every run`, () => {
      const adapter = registry.adapters.find((a) => a.adapter.id === id)?.adapter;
      assert.ok(adapter, `adapter ${id} is loaded`);
      const actual = emittedTree(adapter, registry);
      const goldenDir = join(goldenRoot, id);
      if (updatingGoldens) writeTree(goldenDir, actual);
      const golden = readTree(goldenDir);
      assert.deepEqual(sorted(actual.keys()), sorted(golden.keys()), `files of ${id}`);
      for (const [path, text] of actual) assert.equal(text, golden.get(path), `${id}: ${path}`);
      assert.deepEqual(emittedTree(adapter, registry), actual, "a second emit gives the same bytes");
    });
  }

  it("has exactly one golden folder per adapter file", () => {
    const folders = readdirSync(goldenRoot, { withFileTypes: true }).filter((e) => e.isDirectory());
    assert.deepEqual(sorted(folders.map((f) => f.name)), adapterIds);
  });
});

describe("agentc build on the golden fixture registry", () => {
  it("writes the union of the golden trees and reports the union of their AGC029 lists", async () => {
    const work = testdir();
    const out = join(work, "out");
    const args = ["build", fixtureDir, "--out", out, "--cache-dir", join(work, "cache"), "--offline"];
    const result = await runAgentc([...args, "--format", "json"]);
    assert.equal(result.status, 0, result.stderr);
    const expectedFiles: Tree = new Map();
    const expectedLost: unknown[] = [];
    for (const id of readdirSync(goldenRoot)) {
      for (const [path, text] of readTree(join(goldenRoot, id))) {
        if (path === diagnosticsName) expectedLost.push(...(JSON.parse(text) as unknown[]));
        else expectedFiles.set(path, text);
      }
    }
    const written = readTree(out);
    written.delete("manifest.json");
    // the SBOM describes the whole build, not any adapter's tree (test/dependencies/sbom-build.test.ts)
    written.delete(sbomPath);
    // the registry page sits beside the manifest, not in any adapter's tree (test/emit/site-*.test.ts)
    for (const path of [...written.keys()]) if (path.startsWith(`${siteFolder}/`)) written.delete(path);
    assert.deepEqual(sorted(written.keys()), sorted(expectedFiles.keys()));
    for (const [path, text] of written) assert.equal(text, expectedFiles.get(path), path);
    const reported = (
      JSON.parse(result.stdout) as {
        diagnostics: { id: string; file: string; line: number; message: string }[];
      }
    ).diagnostics
      .filter((d) => d.id === "AGC029")
      .map(({ id, file, line, message }) => ({ id, file, line, message }));
    const key = (d: unknown) => JSON.stringify(d);
    assert.deepEqual(reported.map(key).sort(), expectedLost.map(key).sort());
  });
});
