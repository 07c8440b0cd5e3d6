import assert from "node:assert/strict";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { describe, it } from "node:test";
import fc from "fast-check";
import { isWithin } from "../../src/shared/paths/within-folder.js";

/** What isWithin answered before its prefix test: path.relative alone. */
function withinByRelative(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

// Names that are prefixes of one another, and segments that leave a folder.
const segment = fc.constantFrom("reg", "reg2", "re", "a", "b", "..", ".", "");
const resolved = fc.array(segment, { maxLength: 5 }).map((parts) => resolve(sep, join(...parts, "")));

describe("isWithin", () => {
  it("answers for resolved paths as path.relative does", () => {
    fc.assert(
      fc.property(resolved, resolved, (path, folder) => {
        assert.equal(isWithin(path, folder), withinByRelative(path, folder), `${path} in ${folder}`);
      }),
      { numRuns: 5000 },
    );
  });

  it("takes a folder as within itself, and a sibling with a longer name as outside", () => {
    assert.equal(isWithin(resolve("/reg"), resolve("/reg")), true);
    assert.equal(isWithin(resolve("/reg/a"), resolve("/reg")), true);
    assert.equal(isWithin(resolve("/reg2/a"), resolve("/reg")), false);
    assert.equal(isWithin(resolve("/a"), resolve("/")), true);
  });

  it("takes a path that was never resolved for what it names: <folder>/../x is outside", () => {
    assert.equal(isWithin(`${resolve("/reg")}${sep}..${sep}etc`, resolve("/reg")), false);
    assert.equal(isWithin(`${resolve("/reg")}${sep}a${sep}..${sep}b`, resolve("/reg")), true);
    assert.equal(
      isWithin(`${resolve("/reg")}${sep}..reg`, resolve("/reg")),
      true,
      "a name that starts with dots",
    );
  });
});
