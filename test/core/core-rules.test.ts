import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { loadCore } from "../../src/core/load-core.js";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import { coreMarkdown } from "../../src/diagnostics/core-fixtures.js";
import { locate } from "../support/check-harness.js";
import { testdir } from "../support/testdir.js";

function loaded(files: Fixture) {
  return loadCore(testdir(files));
}

describe("core/rules/<name>.md", () => {
  it("reads name, trigger, description, globs and the body with its line", () => {
    const { core, diagnostics } = loaded({
      "core/rules/testing.md": coreMarkdown(
        ["trigger: glob", "description: How tests are written.", 'globs: ["test/**/*.ts"]'],
        ["# Testing", "", "Use real files."],
      ),
      "core/rules/style.md": coreMarkdown(["trigger: always_on"], ["Prefer small functions."]),
    });
    assert.deepEqual(diagnostics, []);
    const [style, testing] = core.rules;
    assert.equal(style?.name, "style");
    assert.equal(style?.trigger, "always_on");
    assert.deepEqual(style?.globs, []);
    assert.equal(style?.description, undefined);
    assert.equal(testing?.name, "testing");
    assert.equal(testing?.trigger, "glob");
    assert.deepEqual(testing?.globs, ["test/**/*.ts"]);
    assert.equal(testing?.description, "How tests are written.");
    assert.equal(testing?.bodyLine, 6);
    assert.equal(testing?.body, "# Testing\n\nUse real files.\n");
    assert.deepEqual(testing?.positionOf(["trigger"]), {
      file: "core/rules/testing.md",
      line: 2,
      column: 10,
    });
  });

  const invalid: { name: string; files: Fixture; id: string; needle: string; message: RegExp }[] = [
    {
      name: "glob without globs",
      files: { "core/rules/a.md": coreMarkdown(["trigger: glob"], ["Text."]) },
      id: "AGC061",
      needle: "trigger",
      message: /trigger "glob" needs "globs"/,
    },
    {
      name: "always_on with globs",
      files: { "core/rules/a.md": coreMarkdown(["trigger: always_on", 'globs: ["x"]'], ["Text."]) },
      id: "AGC092",
      needle: "globs",
      message: /takes no "globs"/,
    },
    {
      name: "model_decision without a description",
      files: { "core/rules/a.md": coreMarkdown(["trigger: model_decision"], ["Text."]) },
      id: "AGC061",
      needle: "trigger",
      message: /needs a "description"/,
    },
    {
      name: "an unknown trigger",
      files: { "core/rules/a.md": coreMarkdown(["trigger: sometimes"], ["Text."]) },
      id: "AGC061",
      needle: "sometimes",
      message: /Unexpected value/,
    },
    {
      name: "an unknown key",
      files: { "core/rules/a.md": coreMarkdown(["trigger: always_on", "scope: global"], ["Text."]) },
      id: "AGC061",
      needle: "scope",
      message: /Unexpected key "scope"/,
    },
    {
      name: "a missing trigger",
      files: { "core/rules/a.md": coreMarkdown(["description: Text."], ["Text."]) },
      id: "AGC061",
      needle: "description",
      message: /Missing required key "trigger"/,
    },
  ];
  for (const c of invalid) {
    it(`reports ${c.name} at its place, and leaves the rule out`, () => {
      const { core, diagnostics } = loaded(c.files);
      assert.equal(core.rules.length, 0);
      const [d] = diagnostics;
      assert.equal(d?.id, c.id);
      assert.match(d?.message ?? "", c.message);
      const at = locate(c.files, "core/rules/a.md", c.needle);
      assert.deepEqual({ file: d?.file, line: d?.line }, { file: at.file, line: at.line });
    });
  }

  it("reports a name that is not portable and a file that is not Markdown", () => {
    const { core, diagnostics } = loaded({
      "core/rules/Bad_Name.md": coreMarkdown(["trigger: always_on"], ["Text."]),
      "core/rules/notes.txt": "x",
    });
    assert.equal(core.rules.length, 1);
    assert.deepEqual(
      diagnostics.map((d) => [d.id, d.file]),
      [
        ["AGC063", "core/rules/Bad_Name.md"],
        ["AGC063", "core/rules/notes.txt"],
      ],
    );
  });
});
