import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { findWholeWords } from "../../src/checks/whole-words.js";

describe("findWholeWords (the matcher behind AGC018)", () => {
  const cases: [string, string[], string[]][] = [
    ["Use A1 here", ["A1"], ["A1@1:5"]],
    ["use a1, not A10 or pre-A1 or A1_x", ["A1"], ["a1@1:5"]],
    ["Depth\tLevel and depth  level", ["depth level"], ["Depth\tLevel@1:1", "depth  level@1:17"]],
    ["depth\nlevel", ["depth level"], []],
    ["`narration` | (narration)", ["narration"], ["narration@1:2", "narration@1:16"]],
    ["fill gate-preamble now", ["gate-preamble"], ["gate-preamble@1:6"]],
    ["x.y and x+y", ["x.y", "x+y"], ["x.y@1:1", "x+y@1:9"]],
    ["Größe A1", ["größe"], ["Größe@1:1"]],
    ["line one\nA1 on two", ["A1", "  "], ["A1@2:1"]],
    ["ax y x y x", ["x y x"], ["x y x@1:6"]],
    ["\u{1D400}A1 \u{1D7CF}A1 😀A1", ["A1"], ["A1@1:13"]],
  ];
  for (const [text, terms, expected] of cases) {
    it(`${JSON.stringify(text)} with ${JSON.stringify(terms)}`, () => {
      const hits = findWholeWords(text, terms).map((h) => `${h.matched}@${h.line + 1}:${h.column}`);
      assert.deepEqual(hits, expected);
    });
  }

  it("finds a term exactly when neither neighbour is a letter, digit, '_' or '-'", () => {
    const term = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,5}$/);
    const neighbour = fc.constantFrom(" ", ".", "(", "`", "a", "Z", "7", "_", "-", "é", "");
    fc.assert(
      fc.property(term, neighbour, neighbour, (word, before, after) => {
        const text = `${before}${word}${after}`;
        const found = findWholeWords(text, [word]).some((h) => h.column === before.length + 1);
        const joined = /[\p{L}\p{N}_-]/u.test(before) || /[\p{L}\p{N}_-]/u.test(after);
        assert.equal(found, !joined, text);
      }),
    );
  });

  it("finds exactly what one regular expression with Unicode lookarounds finds", () => {
    const wordChar = "[\\p{L}\\p{N}_-]";
    const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    const reference = (text: string, term: string) => {
      const words = term.trim().split(/\s+/).map(escapeRegExp);
      const pattern = new RegExp(`(?<!${wordChar})${words.join("[ \\t]+")}(?!${wordChar})`, "giu");
      return text
        .split("\n")
        .flatMap((line, index) =>
          [...line.matchAll(pattern)].map((m) => `${m[0]}@${index}:${(m.index ?? 0) + 1}`),
        );
    };
    const piece = fc.constantFrom(
      "a",
      "A",
      "ab",
      "x y",
      "é",
      "É",
      "1",
      "_",
      "-",
      " ",
      "\t",
      ".",
      "+",
      "😀",
      "\u{1D400}",
      "ß",
      "\n",
    );
    const text = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(""));
    const term = fc.constantFrom("a", "ab", "a a", "x y", "é", "a-a", "a.", "+", "😀a", "\u{1D400}", "1_");
    fc.assert(
      fc.property(text, term, (sample, word) => {
        const found = findWholeWords(sample, [word]).map((h) => `${h.matched}@${h.line}:${h.column}`);
        assert.deepEqual(found, reference(sample, word), JSON.stringify(sample));
      }),
      { numRuns: 3000 },
    );
  });
});
