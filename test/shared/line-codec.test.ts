import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lineParts, pair, splitAtLast, splitLine } from "../../src/shared/line-codec.js";

describe("the manifest's ' :: ' lines (src/shared/line-codec.ts)", () => {
  it("joins fields and splits them back", () => {
    assert.equal(pair("a", "b", "c"), "a :: b :: c");
    assert.deepEqual(splitLine(pair("a", "b", "c"), 3), ["a", "b", "c"]);
    assert.deepEqual(lineParts(pair("a", "b", "c")), ["a", "b", "c"]);
  });

  it("keeps the rest in the last part, and gives nothing when a field is missing", () => {
    assert.deepEqual(splitLine("link :: target :: import:x :: y", 3), ["link", "target", "import:x :: y"]);
    assert.equal(splitLine("only one field", 2), undefined);
    assert.deepEqual(splitLine("", 1), [""]);
    assert.deepEqual(lineParts("no separator"), ["no separator"]);
    assert.deepEqual(lineParts("a :: b :: c").length, 3);
  });

  it("splits at the last separator for lines whose first field may hold one", () => {
    assert.deepEqual(splitAtLast("dir/a :: b.md :: 0123"), ["dir/a :: b.md", "0123"]);
    assert.deepEqual(splitAtLast(" :: x"), ["", "x"]);
    assert.equal(splitAtLast("a::b"), undefined);
  });
});
