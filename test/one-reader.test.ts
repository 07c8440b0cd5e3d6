import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../src/package-paths.js";

/** Modules of the load stage that may touch the file system, and why. Everything else reads through the reader. */
const allowed: Record<string, string> = {
  "src/registry/registry-reader.ts": "the one reader of registry files",
  "src/registry/text-file.ts": "bounded reads of package files and the fetch cache",
  "src/registry/remote-source.ts": "the fetch cache (a regular file of bounded size, read by text-file)",
  "src/registry/package-data.ts": "the package's own adapters/ and clients/",
  "src/registry/schema-set.ts": "the package's own schemas/",
  "src/registry/precompile-schemas.ts": "a build step",
  "src/clients/guard-program.ts": "the package's own guard program (an asset)",
  "src/package-paths.ts": "finds the package root",
  "src/package-version.ts": "the package's own package.json",
};

/** Folders of the stages that run before `emit`; install, output, packaging and the CLI write files on purpose. */
const loadStage = [
  "src/registry",
  "src/core",
  "src/clients",
  "src/capabilities",
  "src/checks",
  "src/emit",
  "src/compose",
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

describe("every read during load goes through the registry reader", () => {
  it("no other module of the load stage imports node:fs", () => {
    const offenders = [join(packageRoot, "src/package-paths.ts"), join(packageRoot, "src/package-version.ts")]
      .concat(loadStage.flatMap((dir) => sources(join(packageRoot, dir))))
      .map((file) => relative(packageRoot, file).split("\\").join("/"))
      .filter((file) => /from "node:fs(\/promises)?"/.test(readFileSync(join(packageRoot, file), "utf8")))
      .filter((file) => !(file in allowed));
    assert.deepEqual(offenders, []);
  });
});
