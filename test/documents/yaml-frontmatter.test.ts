import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { entryPastLimitAt, parseYamlBlock, yamlMapping } from "../../src/documents/yaml-frontmatter.js";

describe("parseYamlBlock", () => {
  it("reports an alias without its anchor (globs: *.ts) as malformed YAML at its line, with a quote hint", () => {
    const { parsed, errors } = parseYamlBlock("core/rules/style.md", "trigger: glob\nglobs: *.ts", 2);
    assert.equal(parsed, undefined);
    assert.deepEqual(
      errors.map((e) => [e.position.file, e.position.line, e.position.column, e.message, e.hint]),
      [
        [
          "core/rules/style.md",
          3,
          8,
          "malformed YAML: Unresolved alias (the anchor must be set before the alias): .ts",
          'Quote the value: globs: "*.ts" (in YAML, a leading * names an alias).',
        ],
      ],
    );
  });

  it("refuses an anchor nothing refers to (description: &copy text), which YAML would drop from the value", () => {
    const { parsed, errors } = parseYamlBlock(
      "core/rules/style.md",
      "name: style\ndescription: &copy house style",
      2,
    );
    assert.equal(parsed, undefined);
    assert.deepEqual(
      errors.map((e) => [e.position.line, e.position.column, e.message, e.hint]),
      [
        [
          3,
          14,
          'malformed YAML: "&copy" is read as an anchor that nothing refers to, and dropped from the value',
          'Quote the value: description: "&copy house style" (in YAML, a leading & sets an anchor).',
        ],
      ],
    );
  });

  it("keeps an anchor that an alias refers to", () => {
    const { parsed, errors } = parseYamlBlock("core/rules/style.md", "globs: &src [src/**]\npaths: *src", 2);
    assert.deepEqual(errors, []);
    assert.deepEqual(parsed?.value, { globs: ["src/**"], paths: ["src/**"] });
  });
});

describe("YAML keys and list items per block (AGC106)", () => {
  const keys = (count: number) => Array.from({ length: count }, (_, i) => `k${i}: v`).join("\n");

  it("refuses the 1,001st key of a block mapping at its place, before the parser compares 60,000 keys", () => {
    const { parsed, errors } = parseYamlBlock("rules/x.md", `scope: global\n${keys(60_000)}`, 2);
    assert.equal(parsed, undefined);
    assert.deepEqual(
      errors.map((e) => [e.position.line, e.position.column, e.message, e.limit]),
      [[1002, 5, "YAML holds more than 1000 keys and list items; this is the next one", true]],
    );
    assert.match(errors[0]?.hint ?? "", /Frontmatter needs a few dozen keys/);
  });

  it("counts keys of flow mappings and items of lists too", () => {
    const flow = `m: {${Array.from({ length: 5_000 }, (_, i) => `k${i}: v`).join(", ")}}`;
    const list = `l:\n${Array.from({ length: 5_000 }, (_, i) => `  - v${i}`).join("\n")}`;
    for (const text of [flow, list]) {
      const { errors } = parseYamlBlock("x.md", text, 1);
      assert.deepEqual(
        errors.map((e) => e.message),
        ["YAML holds more than 1000 keys and list items; this is the next one"],
      );
    }
  });

  it("reads a block of 1,000 entries, and counts no colon or dash inside a quoted value or a block scalar", () => {
    assert.ok(parseYamlBlock("x.md", keys(1_000), 1).parsed);
    const text = `description: "a: b, c - d"\nbody: |\n${Array.from({ length: 2_000 }, () => "  - a: b, c").join("\n")}`;
    assert.ok(parseYamlBlock("x.md", text, 1).parsed);
    assert.equal(entryPastLimitAt(text, 2), undefined);
  });

  it("gives readers of outside YAML (yamlMapping) nothing for a block past the limit", () => {
    assert.equal(yamlMapping(keys(60_000)), undefined);
    assert.deepEqual(yamlMapping("description: Reviews code."), { description: "Reviews code." });
  });
});
