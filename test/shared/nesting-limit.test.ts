import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parse as parseJsonc, parseTree } from "jsonc-parser";
import { TomlError } from "smol-toml";
import { parseToml } from "../../src/shared/bounded-toml.js";
import { depthAtMost, jsonTooDeepAt, maxNesting, parseJson } from "../../src/shared/nesting-limit.js";

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

describe("jsonTooDeepAt: the one depth bound of every JSON reader", () => {
  it("counts brackets outside strings and comments, as the JSON-with-comments parser reads them", () => {
    assert.equal(jsonTooDeepAt(`{"a": "${"[".repeat(100)}"}`), undefined);
    assert.equal(jsonTooDeepAt(`// ${"[".repeat(100)}\n{}`), undefined);
    assert.equal(jsonTooDeepAt(`/* ${"{".repeat(100)} */ {}`), undefined);
    assert.equal(jsonTooDeepAt(deep(maxNesting)), undefined);
    assert.equal(jsonTooDeepAt(deep(maxNesting + 1)), maxNesting);
  });

  it("is not fooled by a quote in a comment: text jsonc-parser would recurse into and overflow", () => {
    for (const text of [`// "\n${deep(100_000)}`, `/* " */ ${deep(100_000)}`]) {
      assert.notEqual(jsonTooDeepAt(text), undefined, text.slice(0, 12));
      assert.throws(() => parseTree(text), RangeError, "the text would overflow the parser's stack");
      assert.throws(() => parseJsonc(text), RangeError);
    }
  });

  it("ends a string at a line break (no JSON string holds one), so what follows is counted", () => {
    assert.notEqual(jsonTooDeepAt(`{"a": "x\n${deep(100_000)}`), undefined);
  });
});

describe("parseJson: JSON.parse for outside text", () => {
  it("refuses text past the limit with a SyntaxError that says where, as JSON.parse reports malformed text", () => {
    const text = `{\n  "a": ${deep(100_000)}\n}`;
    assert.throws(() => parseJson(text), {
      name: "SyntaxError",
      message: "JSON nested more than 64 levels deep at position 72 (line 2 column 71)",
    });
    assert.deepEqual(parseJson('{"a": [1, {"b": 2}]}'), { a: [1, { b: 2 }] });
    assert.throws(() => parseJson("{"), SyntaxError);
  });
});

describe("parseToml: smol-toml held to the same depth", () => {
  it("refuses dotted keys and table headers that nest past the limit (smol-toml's own limit misses them)", () => {
    for (const [text, line] of [
      [`model = "x"\ndeep${".k".repeat(100_000)} = 1\n`, 2],
      [`[${"t.".repeat(200)}end]\nx = 1\n`, 1],
    ] as const) {
      assert.throws(
        () => parseToml(text),
        (error: unknown) =>
          error instanceof TomlError &&
          error.line === line &&
          error.message.startsWith("Invalid TOML document: TOML nested more than 64 levels deep"),
      );
    }
  });

  it("refuses deep arrays and inline tables, and reads ordinary TOML", () => {
    assert.throws(() => parseToml(`a = ${deep(100)}`), TomlError);
    assert.throws(() => parseToml(`a = ${"{x=".repeat(100)}1${"}".repeat(100)}`), TomlError);
    assert.deepEqual(structuredClone(parseToml('model = "x"\n[mcp_servers.docs]\ncommand = "npx"\n')), {
      model: "x",
      mcp_servers: { docs: { command: "npx" } },
    });
  });
});

describe("depthAtMost", () => {
  it("stops one level past the limit, so a value 100,000 deep costs 65 steps", () => {
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i++) value = { v: value };
    assert.equal(depthAtMost(value), false);
    assert.equal(depthAtMost({ a: [[1]] }, 3), true);
    assert.equal(depthAtMost({ a: [[1]] }, 2), false);
  });
});
