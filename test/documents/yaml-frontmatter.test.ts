import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseYamlBlock } from "../../src/documents/yaml-frontmatter.js";

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
