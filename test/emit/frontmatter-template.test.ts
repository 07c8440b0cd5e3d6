import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { parse } from "yaml";
import { csvGlobs, expandBraces, renderFrontmatter } from "../../src/emit/adapters/frontmatter-template.js";
import type { Adapter } from "../../src/registry/model.js";
import { yamlBlockList, yamlFlowList, yamlScalar } from "../../src/shared/yaml-scalar.js";

const readBack = (yamlValue: string): unknown => (parse(`k: ${yamlValue}`) as { k: unknown }).k;

describe("yamlScalar", () => {
  const plain = ["src/app", "How we write docs.", "a-b_c", "x=y", "it's fine"];
  for (const value of plain)
    it(`leaves ${JSON.stringify(value)} plain`, () => assert.equal(yamlScalar(value), value));

  const quoted = [
    "**/*.ts",
    "Use: strict",
    'say "hi"',
    "yes",
    "No",
    "null",
    "~",
    "1.5",
    "0x1F",
    "2024-01-31",
    "trailing ",
    "a #comment",
    "",
    "- item",
    "a\u007fb",
  ];
  for (const value of quoted) {
    it(`quotes ${JSON.stringify(value)} and reads back the same string`, () => {
      const written = yamlScalar(value);
      assert.match(written, /^"/);
      assert.equal(readBack(written), value);
    });
  }

  it("escapes characters YAML forbids unescaped in double quotes", () => {
    assert.equal(yamlScalar("a\u0085b\u2028c"), '"a\\u0085b\\u2028c"');
  });

  it("reads back every string as itself (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 40 }),
        (value) => readBack(yamlScalar(value)) === value,
      ),
      { numRuns: 500 },
    );
  });

  it("reads back lists as the same strings (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "binary", maxLength: 20 }), { minLength: 1, maxLength: 4 }),
        (values) => {
          const flow = readBack(yamlFlowList(values));
          const block = (parse(`k:${yamlBlockList(values)}`) as { k: unknown }).k;
          return (
            JSON.stringify(flow) === JSON.stringify(values) &&
            JSON.stringify(block) === JSON.stringify(values)
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("expandBraces", () => {
  const cases: [string, string[]][] = [
    ["src/**/*.ts", ["src/**/*.ts"]],
    ["*.{ts,tsx}", ["*.ts", "*.tsx"]],
    ["{a,b}/{c,d}", ["a/c", "a/d", "b/c", "b/d"]],
    ["{a,b{c,d}}", ["a", "bc", "bd"]],
    ["{x{a,b}}", ["{xa}", "{xb}"]],
    ["{single}", ["{single}"]],
    ["\\{a,b}", ["\\{a,b}"]],
    ["open{a,b", ["open{a,b"]],
  ];
  for (const [glob, expected] of cases) {
    it(`${glob} → ${expected.join(" | ")}`, () => assert.deepEqual(expandBraces(glob), expected));
  }

  it("csvGlobs joins the expansions once each, in order", () => {
    assert.equal(
      csvGlobs(["src/**/*.{ts,tsx}", "src/**/*.ts", "docs/**"]),
      "src/**/*.ts, src/**/*.tsx, docs/**",
    );
  });
});

describe("renderFrontmatter", () => {
  const adapter = (frontmatter: string[], raw: Adapter["raw_slots"] = []): Adapter => ({
    id: "x",
    frontmatter,
    raw_slots: raw,
  });

  it("drops a line whose slots have no value and keeps static lines", () => {
    const text = renderFrontmatter(adapter(["---", "kind: fixed", "description: {description}", "---"]), {
      alwaysApply: false,
      globs: [],
      slug: "s",
    });
    assert.equal(text, "---\nkind: fixed\n---\n");
  });

  it("writes each glob slot in its own form", () => {
    const text = renderFrontmatter(
      adapter([
        "---",
        "a: {globs}",
        "b:{globs_yaml}",
        "c: {globs_csv}",
        "d: {alwaysApply}",
        "e: {slug}",
        "---",
      ]),
      { alwaysApply: true, globs: ["*.{js,mjs}", "lib/**"], slug: "my-rule" },
    );
    const parsed = parse(text.replace(/^---\n|---\n$/g, ""));
    assert.deepEqual(parsed, {
      a: ["*.{js,mjs}", "lib/**"],
      b: ["*.{js,mjs}", "lib/**"],
      c: "*.js, *.mjs, lib/**",
      d: true,
      e: "my-rule",
    });
  });

  it("writes raw slots verbatim and folds a multi-line description onto one line", () => {
    const text = renderFrontmatter(
      adapter(["---", "globs: {globs_csv}", "description: {description}", "---"], ["globs_csv"]),
      {
        alwaysApply: false,
        globs: ["*.ts", "src/**"],
        description: "Line one:\r\n  line two\rthree",
        slug: "s",
      },
    );
    assert.equal(text, '---\nglobs: *.ts, src/**\ndescription: "Line one: line two three"\n---\n');
  });
});
