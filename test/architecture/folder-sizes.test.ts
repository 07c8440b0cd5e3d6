import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";

// The end state of docs/architecture.md: small folders, import the inverse of emit and not a pile of
// reversers, the client-pack model a type file. A folder past its size is split by what its files are about.
const srcRoot = join(packageRoot, "src");

interface Folder {
  path: string;
  files: string[];
}

function foldersUnder(dir: string): Folder[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => e.name);
  const below = entries.filter((e) => e.isDirectory()).flatMap((e) => foldersUnder(join(dir, e.name)));
  return [{ path: relative(packageRoot, dir).split("\\").join("/"), files }, ...below];
}

const folders = foldersUnder(srcRoot);
const filesIn = (path: string): string[] => folders.find((f) => f.path === path)?.files ?? [];

describe("folder sizes (issue 28's end state, docs/architecture.md)", () => {
  it("has no folder of src/ with more than 25 files", () => {
    const large = folders.filter((f) => f.files.length > 25).map((f) => `${f.path}: ${f.files.length} files`);
    assert.deepEqual(large, [], "split the folder by what its files are about");
  });

  it("keeps src/import at 15 files at most, none of them a reverser", () => {
    const files = filesIn("src/import");
    assert.ok(files.length > 0 && files.length <= 15, `src/import holds ${files.length} files`);
    assert.deepEqual(
      files.filter((name) => name.startsWith("reverse-")),
      [],
      "a section's reading belongs in its src/packs/<section>/ folder",
    );
  });

  it("keeps src/emit/clients at 10 files at most", () => {
    const files = filesIn("src/emit/clients");
    assert.ok(files.length > 0 && files.length <= 10, `src/emit/clients holds ${files.length} files`);
  });

  it("keeps the client-pack model at 150 lines at most", () => {
    const lines = readFileSync(join(srcRoot, "clients", "model.ts"), "utf8").split("\n").length - 1;
    assert.ok(lines > 0 && lines <= 150, `src/clients/model.ts has ${lines} lines`);
  });
});
