import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SourceEntry } from "../../src/registry/model.js";
import { routerRows } from "../../src/registry/rules/router-table.js";
import { parseRuleFile } from "../../src/registry/rules/rule-file.js";

const source: SourceEntry = { name: "custom", kind: "custom", path: "rules" };
const parse = (text: string) => parseRuleFile("rules/x.md", text, { source, sourceIndex: 0 });

describe("parseRuleFile", () => {
  it("reads frontmatter fields with their positions", () => {
    const { rules, diagnostics } = parse(
      "---\nscope: scoped\nglobs: ['docs/**']\ndescription: Docs rule.\ntrigger: docs\n---\n# Docs Style\n\nText.\n",
    );
    assert.deepEqual(diagnostics, []);
    const [rule] = rules;
    assert.ok(rule);
    assert.equal(rule.slug, "docs-style");
    assert.equal(rule.scope, "scoped");
    assert.deepEqual(rule.globs, ["docs/**"]);
    assert.equal(rule.trigger, "docs");
    assert.deepEqual(rule.heading, { file: "rules/x.md", line: 7, column: 1 });
    assert.deepEqual(rule.fields.globs, { file: "rules/x.md", line: 3, column: 1 });
    assert.deepEqual(rule.fields.trigger, { file: "rules/x.md", line: 5, column: 1 });
    assert.equal(rule.text, "# Docs Style\n\nText.");
  });

  it("splits at # and ## but not at ### or inside code fences", () => {
    const { rules } = parse(
      "# One\n\n### Detail\n\n```md\n# not a rule\n```\n\n## Two\n\n~~~\n## still code\n~~~\ntext\n# Three\n",
    );
    assert.deepEqual(
      rules.map((r) => [r.slug, r.heading.line]),
      [
        ["one", 1],
        ["two", 9],
        ["three", 15],
      ],
    );
    assert.match(rules[0]?.text ?? "", /### Detail[\s\S]*# not a rule/);
  });

  it("gives the file's trigger and supersedes to the first rule only, and the rest to every rule", () => {
    const { rules } = parse(
      "---\nscope: scoped\nglobs: [a/**]\ntrigger: t\nsupersedes: old\n---\n# First\n\nx\n\n## Second\n\ny\n",
    );
    assert.equal(rules[0]?.trigger, "t");
    assert.equal(rules[0]?.supersedes, "old");
    assert.equal(rules[1]?.trigger, undefined);
    assert.equal(rules[1]?.supersedes, undefined);
    assert.deepEqual(rules[1]?.globs, ["a/**"]);
    assert.equal(rules[1]?.scope, "scoped");
  });

  it("lets a heading carry its own frontmatter block that overrides the file's per field", () => {
    const { rules, diagnostics } = parse(
      "---\nscope: global\ndescription: File level.\n---\n# First\n\nx\n\n## Second\n---\nscope: scoped\nglobs: [b/**]\ntrigger: t2\n---\n\ny\n",
    );
    assert.deepEqual(diagnostics, []);
    const second = rules[1];
    assert.equal(second?.scope, "scoped");
    assert.equal(second?.description, "File level.");
    assert.equal(second?.trigger, "t2");
    assert.deepEqual(second?.fields.trigger, { file: "rules/x.md", line: 13, column: 1 });
    assert.equal(second?.text, "## Second\n\ny");
    assert.equal(second?.ownBlockLines, 5);
  });

  it("maps text lines after a multi-line own block back to their file lines", () => {
    const { rules } = parse(
      "# Router\n---\ndescription: >\n  Folded over\n  two lines.\n---\n\n| key | rule |\n|---|---|\n| t | x |\n",
    );
    const [router] = rules;
    assert.ok(router);
    assert.deepEqual(routerRows(router), [
      { key: "t", slug: "x", position: { file: "rules/x.md", line: 10, column: 1 } },
    ]);
  });

  it("reports text before the first heading", () => {
    const { diagnostics } = parse("---\nscope: global\n---\nstray text\n# Rule\n\nx\n");
    assert.deepEqual(
      diagnostics.map((d) => [d.id, d.line]),
      [["AGC006", 4]],
    );
  });

  it("reports a file without any heading", () => {
    const { rules, diagnostics } = parse("just text\n");
    assert.equal(rules.length, 0);
    assert.equal(diagnostics[0]?.id, "AGC006");
  });

  it("reports an unclosed frontmatter block at its first line", () => {
    const { diagnostics } = parse("---\nscope: global\n# Rule\n");
    assert.deepEqual(
      diagnostics.map((d) => [d.id, d.line, d.column]),
      [["AGC004", 1, 1]],
    );
  });

  it("reports malformed YAML at the line inside the file", () => {
    const { diagnostics } = parse("---\nscope: global\nglobs: [a\n---\n# Rule\n");
    assert.equal(diagnostics[0]?.id, "AGC004");
    assert.ok((diagnostics[0]?.line ?? 0) >= 3, `line ${diagnostics[0]?.line}`);
  });

  it("reports an unknown frontmatter key at the key, with the allowed keys in the hint", () => {
    const { diagnostics } = parse("---\nscope: global\nglob: [a]\n---\n# Rule\n");
    assert.equal(diagnostics.length, 1);
    const [d] = diagnostics;
    assert.equal(d?.id, "AGC005");
    assert.deepEqual([d?.line, d?.column], [3, 1]);
    assert.match(d?.message ?? "", /Unexpected key "glob"/);
    assert.match(d?.hint ?? "", /globs/);
  });

  it("reports a wrongly typed value at the value", () => {
    const { diagnostics } = parse("---\nscope: everywhere\n---\n# Rule\n");
    assert.deepEqual(
      diagnostics.map((d) => [d.id, d.line, d.column]),
      [["AGC005", 2, 8]],
    );
  });

  it("reports a heading without Latin letters or digits", () => {
    const { rules, diagnostics } = parse("# 命名規則\n\ntext\n");
    assert.equal(rules.length, 0);
    assert.equal(diagnostics[0]?.id, "AGC007");
  });

  it("accepts CRLF line ends and a BOM", () => {
    const { rules, diagnostics } = parse("\uFEFF---\r\nscope: global\r\n---\r\n# Rule\r\n\r\nx\r\n");
    assert.deepEqual(diagnostics, []);
    assert.equal(rules[0]?.text, "# Rule\n\nx");
  });

  it("gives a frontmatter block repeated in other files and places its own values and positions", () => {
    const block = "---\nscope: scoped\nglobs: [a/**, 3]\ndescription: Same.\n---\n";
    const first = parseRuleFile("rules/a.md", `${block}# One\n\nx\n`, { source, sourceIndex: 0 });
    const second = parseRuleFile("rules/b.md", `# Two\n${block}\ny\n`, { source, sourceIndex: 0 });
    assert.deepEqual(
      first.diagnostics.map((d) => [d.file, d.line, d.column]),
      [["rules/a.md", 3, 15]],
    );
    assert.deepEqual(
      second.diagnostics.map((d) => [d.file, d.line, d.column]),
      [["rules/b.md", 4, 15]],
    );
    const [one] = first.rules;
    const [two] = second.rules;
    assert.deepEqual(one?.globs, ["a/**"]);
    assert.deepEqual(two?.fields.globs, { file: "rules/b.md", line: 4, column: 1 });
    assert.notEqual(one?.globs, two?.globs);
    one?.globs.push("changed/**");
    const third = parseRuleFile("rules/c.md", `${block}# Three\n\nz\n`, { source, sourceIndex: 0 });
    assert.deepEqual(third.rules[0]?.globs, ["a/**"]);
  });
});
