import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isReservedDeviceName, slugify } from "../../src/shared/slug.js";

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
