import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { countLines, countLinesOfBytes, countWords } from "../../src/shared/text-budget.js";

/** What countLinesOfBytes answered before it searched latin1 text: a loop over the bytes. */
function countLinesByLoop(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  let newlines = 0;
  for (let at = 0; at < bytes.length; at++) if (bytes[at] === 0x0a) newlines++;
  return newlines + 1 - (bytes[bytes.length - 1] === 0x0a ? 1 : 0);
}

// Bytes rich in newlines, bytes of multi-byte UTF-8 characters and bytes above 0x7f.
const byte = fc.oneof(fc.constant(0x0a), fc.constant(0x0d), fc.integer({ min: 0, max: 255 }));

describe("countLinesOfBytes", () => {
  it("counts as the loop over the bytes did, for Buffers and for views into a larger array", () => {
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 300 }), fc.nat(8), fc.nat(8), (values, before, after) => {
        const whole = Uint8Array.from([...Array(before).fill(0x0a), ...values, ...Array(after).fill(0x0a)]);
        const view = whole.subarray(before, before + values.length);
        assert.equal(countLinesOfBytes(view), countLinesByLoop(view));
        assert.equal(countLinesOfBytes(Buffer.from(values)), countLinesByLoop(view));
      }),
      { numRuns: 3000 },
    );
  });

  it("counts the lines of UTF-8 text as countLines counts its characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        assert.equal(countLinesOfBytes(Buffer.from(text, "utf8")), countLines(text));
      }),
    );
  });
});

describe("countWords", () => {
  it("counts as testing every word against the Unicode letter and number classes did", () => {
    const byClasses = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    // ASCII letters, digits, punctuation and spaces; Latin-1 letters and numbers (é, ², ª), a dash, an
    // arrow, a non-breaking and an ideographic space, Cyrillic, CJK, an emoji, an astral letter, a lone surrogate.
    const char = fc.oneof(
      fc.constantFrom(..."aZ09-_#|`. \n\t".split("")),
      fc.constantFrom(
        "\u00e9",
        "\u00b2",
        "\u00aa",
        "\u2014",
        "\u2192",
        "\u00a0",
        "\u3000",
        "\u0436",
        "\u4e2d",
      ),
      fc.constantFrom("\u{1F600}", "\u{1D400}", "\ud800"),
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 40 }), (chars) => {
        const text = chars.join("");
        assert.equal(countWords(text), byClasses(text));
      }),
      { numRuns: 3000 },
    );
  });
});
