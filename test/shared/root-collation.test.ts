import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { compareAsciiByRootCollation, sortByRootCollation } from "../../src/shared/paths/root-collation.js";

const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
// Mostly a few characters, so that long common prefixes and case-only differences come up often.
const char = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(..."aAbB-_./ 0Z".split("")) },
  { weight: 1, arbitrary: fc.constantFrom(...printable) },
);
const ascii = fc.string({ unit: char, maxLength: 8 });
const collator = new Intl.Collator("en");
const sign = (n: number): number => Math.sign(n);

const keyOrder = (a: string, b: string): number => sign(compareAsciiByRootCollation(a, b));

describe("the root collation without ICU", () => {
  it("orders printable ASCII as Intl.Collator('en') and localeCompare in this locale do", () => {
    fc.assert(
      fc.property(ascii, ascii, (a, b) => {
        assert.equal(
          keyOrder(a, b),
          sign(collator.compare(a, b)),
          `${JSON.stringify(a)} ${JSON.stringify(b)}`,
        );
        assert.equal(keyOrder(a, b), sign(a.localeCompare(b)));
      }),
      { numRuns: 20000 },
    );
  });

  it("orders each printable character against every other as the collator does", () => {
    for (const a of printable)
      for (const b of printable) assert.equal(keyOrder(a, b), sign(collator.compare(a, b)), `${a} ${b}`);
  });

  it("sorts lists of printable ASCII as the compare above does, keeping equal texts in their order", () => {
    fc.assert(
      fc.property(fc.array(ascii, { maxLength: 30 }), (texts) => {
        const items = texts.map((text, index) => ({ text, index }));
        assert.deepEqual(
          sortByRootCollation(items, (item) => item.text),
          [...items].sort((a, b) => compareAsciiByRootCollation(a.text, b.text)),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it("leaves other text to the collator, for the whole list", () => {
    const words = ["zebra", "\u00e9clair", "Eclair", "eclair", "apple"];
    assert.deepEqual(
      sortByRootCollation(words, (w) => w),
      [...words].sort(collator.compare),
    );
    assert.deepEqual(
      sortByRootCollation(["b", "B", "a", "_"], (w) => w),
      ["_", "a", "b", "B"],
    );
  });
});
