import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { inputLimits } from "../../src/documents/input-limits.js";
import type { JsonPath } from "../../src/documents/json-document.js";
import { parseYamlBlock, parseYamlBlockWithLibrary } from "../../src/documents/yaml-frontmatter.js";
import { simpleYamlBlock } from "../../src/documents/yaml-simple-block.js";

/** Characters that stand for themselves in most places, and some that make YAML mean something else. */
const plainPieces = [..."abcXYZ_-09 .,()/", "é", "—", "src/**", "R&D"];
const trickyPieces = [
  ..."[]{}:#'\"\\*@&!|>%?`~=+\t;",
  "\u00a0",
  "\u2028",
  "\ufeff",
  "\u{1f600}",
  ": ",
  " #",
  "null",
  "true",
  "False",
  "0x1F",
  "1e5",
  ".inf",
  "&a",
  "*a",
  "yes",
];

const piece = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...plainPieces) },
  { weight: 1, arbitrary: fc.constantFrom(...trickyPieces) },
);
const word = fc.array(piece, { minLength: 0, maxLength: 8 }).map((p) => p.join(""));
const letterWord = fc.tuple(fc.constantFrom("a", "Z", "n", "t", "F", "src"), word).map(([a, b]) => a + b);
const quote = fc
  .tuple(fc.constantFrom('"', "'"), word)
  .map(([q, text]) => `${q}${text.replaceAll(q === '"' ? /["\\]/g : /'/g, "")}${q}`);
const spaces = fc.constantFrom("", " ", "  ");
const flowList = fc
  .tuple(fc.array(fc.tuple(spaces, fc.oneof(quote, word), spaces), { maxLength: 4 }), spaces)
  .map(([items, end]) => `[${items.map(([a, item, b]) => `${a}${item}${b}`).join(",")}${end}]`);
const value = fc.oneof(letterWord, word, quote, flowList);
const often = <T>(usual: T[], rare: T[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...usual) },
    { weight: 1, arbitrary: fc.constantFrom(...rare) },
  );
const key = often(["scope", "globs", "description", "trigger", "a-b", "_x"], ["null", "True", "9z", "x y"]);
const line = fc
  .tuple(key, often([": ", ":  "], [":", " : "]), value, often([""], [" ", "\r"]))
  .map(([k, sep, v, end]) => `${k}${sep}${v}${end}`);
/** `key:` and its block list, mostly at one indent, sometimes not (or not a list item at all). */
const listItemLine = fc
  .tuple(
    often(["  ", ""], [" ", "   ", "\t"]),
    often(["- ", "-  "], ["-", " - "]),
    fc.oneof(quote, letterWord, word),
  )
  .map(([indent, dash, v]) => `${indent}${dash}${v}`);
const blockListLines = fc
  .tuple(key, often([":"], [": ", ":  #"]), fc.array(listItemLine, { minLength: 0, maxLength: 4 }))
  .map(([k, colon, items]) => [`${k}${colon}`, ...items].join("\n"));
const block = fc.array(
  fc.oneof(
    { weight: 9, arbitrary: line },
    { weight: 6, arbitrary: blockListLines },
    { weight: 1, arbitrary: word },
  ),
  { minLength: 1, maxLength: 5 },
);

/** Every path the checks ask about, and some that leave the block. */
function pathsOf(value: Record<string, unknown>): JsonPath[] {
  const paths: JsonPath[] = [[], ["missing"], [0]];
  for (const [name, entry] of Object.entries(value)) {
    paths.push([name], [name, "x"], [name, 0, 1]);
    if (Array.isArray(entry)) for (let i = 0; i <= entry.length; i++) paths.push([name, i]);
  }
  return paths;
}

function assertSameAsLibrary(text: string): boolean {
  const simple = simpleYamlBlock(text, inputLimits.yamlEntries);
  if (!simple) return false;
  const library = parseYamlBlockWithLibrary("rule.md", text, 3);
  const fast = parseYamlBlock("rule.md", text, 3);
  assert.deepEqual(library.errors, [], `the library refuses what the simple reader took:\n${text}`);
  assert.deepEqual(fast.parsed?.value, library.parsed?.value, text);
  for (const path of pathsOf(simple.value))
    for (const part of ["key", "value"] as const)
      assert.deepEqual(
        fast.parsed?.positionOf(path, part),
        library.parsed?.positionOf(path, part),
        `${JSON.stringify(path)} ${part} in:\n${text}`,
      );
  return true;
}

describe("the simple frontmatter reader (yaml-simple-block.ts)", () => {
  it("reads the blocks rule files are made of, with the library's values and positions", () => {
    const blocks = [
      "scope: global\ndescription: Which rule to read for which kind of work.",
      'scope: scoped\nglobs: ["src/payments/**/*.ts", "test/payments/**"]\ndescription: Rules 0, 1, 2, 3 for the payments code (errors, logging). Use when editing files under src/payments.\ntrigger: docs',
      "globs: ['src/a/**', \"b/**\"]\nsupersedes: old-rule",
      "globs: []\ndescription:   Spaced — with a dash, R&D and [brackets]",
      'description: "quoted: with a colon # and a hash"',
      'name: test-files\ndescription: How to write and run tests.\npaths:\n  - "**/*.test.ts"\n  - "test/**"',
      "name: reviewer\ntools: [read, grep, glob]\nmodel: inherit",
      "globs:\n- src/**\n-  'test/**'\nscope: scoped",
    ];
    for (const text of blocks) assert.equal(assertSameAsLibrary(text), true, text);
  });

  it("leaves every other form to the library", () => {
    const others = [
      "globs:\n  - *.ts",
      "globs:\n  - 3",
      "globs:\n  - a\n    b",
      "globs:\n  - a\n   - b",
      "globs:\n  -",
      "nested:\n  key: value",
      "null:\n  - a",
      "globs: [a b]",
      "globs: [a: b]",
      "tools: [read, true]",
      "# a comment\nscope: global",
      "scope: global # trailing comment",
      "count: 3",
      "flag: true",
      "nothing:",
      "scope: global\nscope: scoped",
      'escaped: "a\\tb"',
      "globs: [*.ts]",
      "globs: *.ts",
      "description: ends with a colon:",
      "description: has: a colon",
      "scope: global ",
      "scope: global\r",
      "",
    ];
    for (const text of others) assert.equal(simpleYamlBlock(text, inputLimits.yamlEntries), undefined, text);
  });

  it("holds to the entry limit the library is held to", () => {
    const list = `globs: [${Array.from({ length: 5 }, (_, i) => `"g${i}"`).join(", ")}]`;
    assert.notEqual(simpleYamlBlock(list, 6), undefined);
    assert.equal(simpleYamlBlock(list, 5), undefined);
  });

  it("agrees with the library on random blocks wherever it reads one", () => {
    let read = 0;
    let withBlockList = 0;
    fc.assert(
      fc.property(block, (lines) => {
        const text = lines.join("\n");
        if (!assertSameAsLibrary(text)) return;
        read++;
        if (/:\n *-/.test(text)) withBlockList++;
      }),
      { numRuns: 5000 },
    );
    assert.ok(read > 300, `only ${read} of 5000 random blocks were simple: the generator tests too little`);
    assert.ok(withBlockList > 50, `only ${withBlockList} simple blocks held a block list`);
  });
});
