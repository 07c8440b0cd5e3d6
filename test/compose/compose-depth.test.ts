import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { composeJson } from "../../src/compose/compose-json.js";
import { composeToml } from "../../src/compose/compose-toml.js";
import type { OwnedEntry } from "../../src/compose/model.js";
import { readShared } from "../../src/install/project/shared-file.js";

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
const docs: OwnedEntry = { path: ["mcpServers", "docs"], value: { command: "npx", args: ["docs"] } };

describe("a person's settings file nested 100,000 deep (it ended install with a stack overflow)", () => {
  it("is a conflict at the first level past 64, and the file is left as it is", () => {
    for (const text of [`{"x": ${deep(100_000)}}\n`, `// "\n{"x": ${deep(100_000)}}\n`]) {
      const result = composeJson(text, [docs], []);
      assert.equal(result.text, text);
      assert.equal(result.changed, false);
      assert.deepEqual(
        result.conflicts.map((c) => [c.kind, c.message, c.line]),
        [
          [
            "unparseable",
            "cannot compose into a file that does not parse: JSON nested more than 64 levels deep",
            text.startsWith("//") ? 2 : 1,
          ],
        ],
      );
    }
  });

  it("is unreadable to status and uninstall, with a reason, not a thrown error", () => {
    const read = readShared("json", `{"x": ${deep(100_000)}}`);
    assert.deepEqual(read, {
      ok: false,
      reason: "JSON nested more than 64 levels deep",
      line: 1,
      column: 70,
    });
  });

  it("in TOML (a dotted key one level per dot) is a conflict too", () => {
    const text = `model = "x"\ndeep${".k".repeat(100_000)} = 1\n`;
    const result = composeToml(text, [{ path: ["mcp_servers", "docs"], value: { command: "npx" } }], []);
    assert.equal(result.text, text);
    assert.match(result.conflicts[0]?.message ?? "", /TOML nested more than 64 levels deep/);
    assert.equal(result.conflicts[0]?.line, 2);
  });
});
