import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { adoptionCycle, assertIdentity } from "../support/adoption-cycle.js";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

/**
 * An assistant without a client pack (Amazon Q, Continue) reads its own rule folder alone: what import reads
 * there is a source only its adapter writes, and the shared always-on text is kept from that adapter
 * (docs/import.md, "An assistant's own rule folder"). The adoption corpus (39-41) checks the whole cycle;
 * this file checks the registry import writes.
 */
const corpus = join(packageRoot, "test", "fixtures", "adoption");

interface Sources {
  sources: { name: string; path: string; adapters?: string[] }[];
}

const sourcesOf = (out: string): [string, string[] | string][] =>
  (JSON.parse(readFileSync(join(out, "sources.json"), "utf8")) as Sources).sources.map((s) => [
    s.path,
    s.adapters ?? "every adapter",
  ]);

describe("import of an assistant's own rule folder", () => {
  it("AGENTS.md and Amazon Q's rules: each text in a source of the adapters whose assistant read it", async () => {
    const run = await runImport(join(corpus, "39-agents-md-amazon-q-rules"));
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(sourcesOf(run.out), [
      ["sources/imported", ["agents-md"]],
      ["sources/imported-amazon-q", ["amazon-q"]],
    ]);
    assert.equal(
      readFileSync(join(run.out, "sources/imported-amazon-q/01-amazonq-rules-logging.md"), "utf8"),
      readFileSync(join(corpus, "39-agents-md-amazon-q-rules/.amazonq/rules/logging.md"), "utf8"),
    );
    assert.deepEqual(run.json.rewritten, [
      ".amazonq/rules/logging.md",
      ".amazonq/rules/money.md",
      "AGENTS.md",
    ]);
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.severity !== "info"),
      [],
    );
  });

  it("Amazon Q's rules alone: no shared source, so the build writes no AGENTS.md", async () => {
    const run = await runImport(join(corpus, "40-amazon-q-rules-alone"));
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(sourcesOf(run.out), [["sources/imported-amazon-q", ["amazon-q"]]]);
    assert.ok(!existsSync(join(run.out, "sources/imported")));
    assert.ok(!run.json.diagnostics.some((d) => d.id === "AGC129" && d.message.includes("AGENTS.md")));
  });

  it("Continue's rules beside CLAUDE.md: always-on and scoped rules are Continue's; one picked by its description stays the project's", async () => {
    const run = await runImport(join(corpus, "41-continue-rules-beside-claude"));
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(sourcesOf(run.out), [["sources/imported-continue", ["continue"]]]);
    assert.ok(run.json.files.includes("sources/imported-continue/01-continue-rules-widgets.md"));
    assert.ok(run.json.files.includes("sources/imported-continue/scoped/01-continue-rules-dart-tests.md"));
    // a core rule would reach Claude Code, which never read Continue's folder
    assert.deepEqual(
      run.json.files.filter((f) => f.startsWith("core/rules/") && f !== "core/rules/claude-md.md"),
      [],
    );
    const kept = run.json.diagnostics.filter((d) => d.file === ".continue/rules/release.md");
    assert.deepEqual(
      kept.map((d) => [d.id, d.severity]),
      [
        ["AGC128", "warning"],
        ["AGC129", "info"],
      ],
      JSON.stringify(kept, null, 1),
    );
    assert.match(kept[0]?.message ?? "", /picks by its description, which no rule adapter writes/);
  });
});

/**
 * Found on continuedev/continue: Continue rules whose globs the registry refuses ("/**\/*." is absolute; a
 * Markdown-escaped "docs/\*_/_.{md,mdx}" holds a backslash) were imported as they were, so the imported registry
 * did not build (AGC036). Import never writes a value the registry refuses: such a file stays the project's.
 */
describe("an assistant's own rule with globs the registry refuses", () => {
  it("stays the project's own file, said at it, and the imported registry builds to the identity", async () => {
    const project = testdir({
      ".continue/rules/css-units.md": '---\nglobs: "/**/*.css"\n---\nUse rem for font sizes.\n',
      ".continue/rules/tests.md": '---\nglobs: "test/**/*.ts"\n---\nName each test after its behaviour.\n',
      "CLAUDE.md": "# Project\n\nRun the tests before each commit.\n",
    });
    const cycle = await adoptionCycle(project);
    assertIdentity(cycle);
    assert.match(
      cycle.importRun.stdout,
      /\.continue\/rules\/css-units\.md is not imported: its glob "\/\*\*\/\*\.css" is absolute, which the registry refuses \(AGC036\)/,
    );
    assert.doesNotMatch(cycle.buildRun.stdout + cycle.buildRun.stderr, /AGC036/);
  });
});
