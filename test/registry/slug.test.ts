import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { isReservedDeviceName, maxSlugLength, slugify } from "../../src/shared/slug.js";

describe("slugify", () => {
  const cases: [string, string][] = [
    ["STE Documentation Style", "ste-documentation-style"],
    ["Skill Router", "skill-router"],
    ["  Leading and trailing  ", "leading-and-trailing"],
    ["Größe & Maße", "grosse-masse"],
    ["Café déjà vu", "cafe-deja-vu"],
    ["Ærø Łódź", "aero-lodz"],
    ["`code` in *heading*", "code-in-heading"],
    ["C++ / C# rules", "c-c-rules"],
    ["ＦＵＬＬ width", "full-width"],
    ["a".repeat(70), "a".repeat(64)],
    [`${"a".repeat(63)} b`, "a".repeat(63)],
    ["命名規則", ""],
  ];
  for (const [heading, slug] of cases)
    it(`${JSON.stringify(heading)} → ${JSON.stringify(slug)}`, () => assert.equal(slugify(heading), slug));

  it("is deterministic for equal headings in different Unicode forms", () => {
    assert.equal(slugify("Cafe\u0301"), slugify("Caf\u00e9"));
  });
});

describe("isReservedDeviceName", () => {
  for (const name of ["con", "CON", "nul", "prn", "aux", "com1", "COM9", "lpt1", "Lpt9"]) {
    it(`rejects ${name}`, () => assert.equal(isReservedDeviceName(name), true));
  }
  for (const name of ["console", "com0", "com10", "auxiliary", "nul-rule"]) {
    it(`accepts ${name}`, () => assert.equal(isReservedDeviceName(name), false));
  }
});

describe("slugify's ASCII path", () => {
  it("gives what normalising and stripping marks gives, for ASCII and for other headings", () => {
    const spelled: Record<string, string> = { ß: "ss", æ: "ae", Ø: "o", ł: "l", Þ: "th" };
    // The whole-text path slugify took for every heading before ASCII headings skipped it.
    const full = (heading: string) =>
      heading
        .normalize("NFKD")
        .replace(/[ßæØłÞ]/g, (c) => spelled[c] ?? c)
        .replace(/\p{M}/gu, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, maxSlugLength)
        .replace(/-+$/, "");
    const char = fc.oneof(
      fc.constantFrom(..."aZ09 -_.&/K".split("")),
      fc.constantFrom(
        "\u00e9",
        "e\u0301",
        "\u00df",
        "\u00e6",
        "\u00d8",
        "\u0142",
        "\u00de",
        "\ufb01",
        "\u2460",
      ),
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 80 }), (chars) => {
        const heading = chars.join("");
        assert.equal(slugify(heading), full(heading));
      }),
      { numRuns: 2000 },
    );
  });
});
