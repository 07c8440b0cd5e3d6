import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, it } from "node:test";
import { importProjects, runImport } from "../support/import-run.js";

/** Every .json file below `dir` that names a `$schema`, with the path it names. */
function schemaRefs(dir: string): { file: string; schema: string }[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".json"))
    .map((path) => join(dir, path))
    .flatMap((file) => {
      const schema = (JSON.parse(readFileSync(file, "utf8")) as { $schema?: unknown }).$schema;
      return typeof schema === "string" ? [{ file, schema }] : [];
    });
}

describe("the registry import writes", () => {
  it("names $schema paths that resolve from each file, core/ included", async () => {
    const run = await runImport(join(importProjects, "mixed"));
    assert.equal(run.status, 0, run.stderr);
    const refs = schemaRefs(run.out);
    assert.ok(
      refs.some((r) => r.file.includes(`${join(run.out, "core")}`)),
      "a core/ file names its schema",
    );
    assert.ok(refs.length >= 3, "sources.json, targets.json and core/ files");
    for (const { file, schema } of refs)
      assert.ok(existsSync(resolve(dirname(file), schema)), `${file}: ${schema} resolves`);
  });
});
