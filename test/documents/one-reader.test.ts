import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";

/** Modules of the load stage that may touch the file system, and why. Everything else reads through the reader. */
const allowed: Record<string, string> = {
  "src/documents/registry-reader.ts": "the one reader of registry files",
  "src/documents/text-file.ts": "bounded reads of package files and the fetch cache",
  "src/registry/remote-source.ts": "the fetch cache (a regular file of bounded size, read by text-file)",
  "src/documents/package-data.ts": "the package's own adapters/ and clients/",
  "src/documents/schema-set.ts": "the package's own schemas/",
  "src/documents/precompile-schemas.ts": "a build step",
  "src/clients/builtin-pack-fields.ts":
    "the package's own clients/, hashed against the fields its build step wrote beside it",
  "src/packs/guard/program.ts": "the package's own guard program (an asset)",
  "src/site/site-assets.ts": "the package's own page script and styles (assets, read once)",
  "src/registry/registry-folder.ts":
    "whether a folder holds a registry at all (sources.json or targets.json exists), asked before any load",
};

/** Folders of the stages that run before `emit` writes; install, output, packaging and the CLI write on purpose. */
const loadStage = [
  "src/registry",
  "src/documents",
  "src/core",
  "src/packs",
  "src/clients",
  "src/capabilities",
  "src/checks",
  "src/emit",
  "src/compose",
  "src/diagnostics",
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

describe("every read during load goes through the registry reader", () => {
  it("no other module of the load stage imports node:fs", () => {
    const offenders = loadStage
      .flatMap((dir) => sources(join(packageRoot, dir)))
      .map((file) => relative(packageRoot, file).split("\\").join("/"))
      .filter((file) => /from "node:fs(\/promises)?"/.test(readFileSync(join(packageRoot, file), "utf8")))
      .filter((file) => !(file in allowed));
    assert.deepEqual(offenders, []);
  });
});
