import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { capRepeats, repeatsListed } from "../../src/diagnostics/cap-repeats.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";

const finding = (id: string, file: string, line: number, extra: Partial<Diagnostic> = {}): Diagnostic => ({
  id,
  severity: "error",
  file,
  line,
  column: 1,
  message: `problem at ${line}`,
  hint: "fix it",
  ...extra,
});

describe("one check repeated thousands of times in one file", () => {
  it("lists the first ones, then one diagnostic that counts the rest, at the first one left out", () => {
    const many = Array.from({ length: 5000 }, (_, i) => finding("AGC015", "sources.json", i + 1));
    const other = finding("AGC013", "sources.json", 7);
    const capped = capRepeats([...many, other]);
    assert.equal(capped.length, repeatsListed + 2);
    const fold = capped[repeatsListed];
    assert.equal(fold?.id, "AGC015");
    assert.equal(fold?.line, repeatsListed + 1);
    assert.match(
      fold?.message ?? "",
      new RegExp(`^and ${5000 - repeatsListed} more AGC015 findings in sources\\.json`),
    );
    assert.equal(capped.at(-1), other);
  });

  it("keeps everything below the limit, counts files apart, and never folds a client limit", () => {
    const few = Array.from({ length: repeatsListed }, (_, i) => finding("AGC015", "a.json", i + 1));
    const elsewhere = Array.from({ length: repeatsListed }, (_, i) => finding("AGC015", "b.json", i + 1));
    const losses = Array.from({ length: 3 * repeatsListed }, (_, i) =>
      finding("AGC080", "rules/x.md", i + 1, {
        severity: "warning",
        loss: { client: `c${i}`, promise: "p" },
      }),
    );
    const all = [...few, ...elsewhere, ...losses];
    assert.deepEqual(capRepeats(all), all);
  });
});
