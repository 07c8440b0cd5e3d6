import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { clip, clipMessage, maxMessage, maxQuoted } from "../../src/diagnostics/clip.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import {
  agentsMdAdapter,
  baseFixture,
  sourcesWith,
  targetsWith,
  withBase,
} from "../../src/diagnostics/fixture-base.js";
import { jsonTooDeepAt } from "../../src/shared/nesting-limit.js";
import { runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const twoMegabytes = "w".repeat(2 * 1024 * 1024);

/** Runs the real CLI's check with JSON output; asserts exit 1, bounded output and no stack trace. */
function checkFails(dir: string): Diagnostic[] {
  const result = runCli(["check", dir, "--format", "json", "--offline"]);
  assert.equal(result.status, 1, result.stderr.slice(0, 2000));
  assert.equal(result.stderr, "");
  assert.ok(result.stdout.length < 64 * 1024, `output of ${result.stdout.length} characters`);
  assert.doesNotMatch(result.stdout, /internal error|\n\s+at /);
  return (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

const errors = (list: Diagnostic[]) =>
  list
    .filter((d) => d.severity === "error")
    .map((d) => `${d.id} ${d.file}:${d.line}:${d.column} ${d.message}`);

describe("hostile registry input is a positioned diagnostic with exit 1 (real CLI)", () => {
  it("a YAML alias bomb in a rule's frontmatter", () => {
    const aliases = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x"]'];
    for (let i = 1; i < 9; i++)
      aliases.push(
        `a${i}: &a${i} [${Array(9)
          .fill(`*a${i - 1}`)
          .join(", ")}]`,
      );
    const rule = [
      "---",
      "scope: global",
      "trigger: any-code",
      ...aliases,
      "---",
      "# Code Style",
      "",
      "- Short.",
      "",
    ];
    const dir = testdir(withBase({ "rules/code-style.md": rule.join("\n") }));
    assert.deepEqual(
      errors(checkFails(dir)).filter((e) => e.startsWith("AGC106")),
      ["AGC106 rules/code-style.md:2:1 YAML aliases expand more than 100 times"],
    );
  });

  it("JSON nested 100,000 deep in targets.json and in core/mcp.json", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const targets = testdir(withBase({ "targets.json": `{"version": 1, "targets": ${deep}}\n` }));
    assert.deepEqual(errors(checkFails(targets)), [
      "AGC106 targets.json:1:90 JSON nested more than 64 levels deep",
    ]);
    const mcp = testdir(withBase({ "core/mcp.json": `{"version": 1, "servers": {"x": ${deep}}}\n` }));
    assert.deepEqual(errors(checkFails(mcp)), [
      "AGC106 core/mcp.json:1:95 JSON nested more than 64 levels deep",
    ]);
  });

  it("a 2 MB envelope_slots word and a 2 MB source path: a schema error, not a regular expression overflow", () => {
    const slots = testdir(
      withBase({ "sources.json": sourcesWith({ depth_slug: "code-style", envelope_slots: [twoMegabytes] }) }),
    );
    assert.deepEqual(errors(checkFails(slots)), [
      "AGC002 sources.json:17:5 Invalid value at envelope_slots[0]: must NOT have more than 200 characters",
    ]);
    const path = testdir(
      withBase({
        "sources.json": sourcesWith({ sources: [{ name: "custom", kind: "custom", path: twoMegabytes }] }),
      }),
    );
    assert.match(
      errors(checkFails(path)).join("\n"),
      /sources\[0\]\.path: must NOT have more than 1024 characters/,
    );
  });

  it("a 2 MB trigger in a rule is quoted clipped, with an ellipsis", () => {
    const rule = [
      "---",
      "scope: global",
      `trigger: ${twoMegabytes}`,
      "---",
      "# Code Style",
      "",
      "- Short.",
      "",
    ];
    const found = checkFails(testdir(withBase({ "rules/code-style.md": rule.join("\n") })));
    const quoting = found.filter((d) => d.message.includes("www"));
    assert.ok(quoting.length > 0, JSON.stringify(found));
    for (const d of quoting) {
      assert.ok(d.message.length < 1000, d.message.slice(0, 300));
      assert.match(d.message, /…\(\d+ more characters\)…/);
    }
  });

  it("a name of 300 bytes in an output folder is AGC035, not 'filename too long' from the writer", () => {
    const adapter = { ...agentsMdAdapter, id: "long", output_dir: "a".repeat(300), global_placement: "none" };
    const dir = testdir({ ...baseFixture, "targets.json": targetsWith([agentsMdAdapter, adapter]) });
    const result = runCli(["build", dir, "--out", join(dir, "build"), "--format", "json", "--offline"]);
    assert.equal(result.status, 1, result.stderr);
    const found = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
    assert.ok(found.some((d) => d.id === "AGC035" && /longer than 255 bytes/.test(d.message)));
  });

  it("a rule file holding 2 MB on one line is read and checked, and the output stays small", () => {
    const dir = testdir(withBase({}));
    writeFileSync(join(dir, "rules/long.md"), `# Long\n\n${twoMegabytes}\n`);
    const result = runCli(["check", dir, "--format", "json", "--offline"]);
    assert.ok(result.status === 0 || result.status === 1, result.stderr.slice(0, 500));
    assert.ok(result.stdout.length < 64 * 1024);
  });
});

describe("clip: the one truncation of quoted input", () => {
  it("keeps short text, and clips long text around an ellipsis that says how much is left out", () => {
    assert.equal(clip("short"), "short");
    const clipped = clip("x".repeat(1000));
    assert.ok(clipped.length <= maxQuoted);
    assert.match(clipped, /^x+…\(\d+ more characters\)…x+$/);
    assert.equal(Number(/\((\d+) more/.exec(clipped)?.[1]) + (clipped.match(/x/g) ?? []).length, 1000);
  });

  it("clips every long run in a message and bounds the whole", () => {
    const message = `The value "${"x".repeat(5000)}" is wrong`;
    const clipped = clipMessage(message);
    assert.ok(clipped.startsWith('The value "x') && clipped.endsWith('" is wrong'));
    assert.ok(clipped.length < 300);
    assert.ok(clipMessage("word ".repeat(10_000)).length <= maxMessage);
  });
});

describe("jsonTooDeepAt", () => {
  it("counts brackets outside strings only", () => {
    assert.equal(jsonTooDeepAt('{"a": "[[[[[[[[[["}', 2), undefined);
    assert.equal(jsonTooDeepAt('[[["\\"[["]]]', 2), 2);
    assert.equal(jsonTooDeepAt("[[]]", 2), undefined);
  });
});
