import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseYamlBlock } from "../../src/documents/yaml-frontmatter.js";

describe("parseYamlBlock", () => {
  it("reports an alias without its anchor (globs: *.ts) as malformed YAML instead of throwing", () => {
    const { parsed, errors } = parseYamlBlock("core/rules/style.md", "trigger: glob\nglobs: *.ts", 2);
    assert.equal(parsed, undefined);
    assert.deepEqual(
      errors.map((e) => [e.position.file, e.position.line, e.message]),
      [
        [
          "core/rules/style.md",
          2,
          "malformed YAML: Unresolved alias (the anchor must be set before the alias): .ts",
        ],
      ],
    );
  });
});
