import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allChecks } from "../src/check-list/index.js";
import { packageRoot } from "../src/shared/package-paths.js";
import { writeFiles, writeLinks } from "../test/support/fixture-files.js";
import type { SeedRegistry } from "./fuzz-run.js";

const skipped = new Set(["build", ".agentc-cache", "node_modules"]);

/**
 * The registries the fuzzer mutates: the two examples, the test fixtures, and the passing and failing
 * example of every check (small registries that reach every check). Copied to a temporary folder.
 */
export function seedRegistries(): SeedRegistry[] {
  const root = mkdtempSync(join(tmpdir(), "agentc-fuzz-seeds-"));
  const folders = [
    ["examples/registry", "examples-registry"],
    ["examples/team", "examples-team"],
    ["test/fixtures/golden-registry", "golden-registry"],
    ["test/fixtures/client-registry", "client-registry"],
    ["test/fixtures/core-example", "core-example"],
  ];
  const seeds = folders.map(([from, name]) => {
    const dir = join(root, name ?? "");
    cpSync(join(packageRoot, from ?? ""), dir, {
      recursive: true,
      filter: (source) => !skipped.has(source.split(/[\\/]/).pop() ?? ""),
    });
    return { name: name ?? "", dir };
  });
  for (const check of allChecks) {
    for (const side of ["passing", "failing"] as const) {
      const dir = join(root, `${check.id}-${side}`);
      writeFiles(dir, check.examples[side]);
      if (side === "failing") writeLinks(dir, check.examples.failingLinks);
      seeds.push({ name: `${check.id} ${side} example`, dir });
    }
  }
  return seeds;
}

/** The projects the import fuzzer mutates: every project of test/fixtures/import/ (one or more assistants' files). */
export function importSeeds(): SeedRegistry[] {
  const root = mkdtempSync(join(tmpdir(), "agentc-fuzz-projects-"));
  const fixtures = join(packageRoot, "test/fixtures/import");
  return readdirSync(fixtures)
    .sort()
    .map((name) => {
      const dir = join(root, name);
      cpSync(join(fixtures, name), dir, { recursive: true, verbatimSymlinks: true });
      return { name: `import/${name}`, dir };
    });
}
