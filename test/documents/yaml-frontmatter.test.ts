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
});
