import assert from "node:assert/strict";
import { cpSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** The init template with one change: a registry that checks clean but for what the case breaks. */
function registryWith(change: (dir: string) => void): string {
  const dir = join(testdir(), "registry");
  cpSync(join(packageRoot, "templates", "init"), dir, { recursive: true });
  change(dir);
  return dir;
}

/** Replaces one line of the template's tests rule (found by its start). */
function testsRuleLine(start: string, line: string): (dir: string) => void {
  return (dir) => {
    const file = join(dir, "sources", "team", "tests.md");
    const lines = readFileSync(file, "utf8").split("\n");
    const index = lines.findIndex((l) => l.startsWith(start));
    assert.ok(index >= 0, start);
    lines[index] = line;
    writeFileSync(file, lines.join("\n"));
  };
}

function check(dir: string): { status: number; errors: string[]; text: string } {
  const result = runCliProcess(["check", "."], { cwd: dir });
  const text = result.stdout + result.stderr;
  return { status: result.status, errors: text.split("\n").filter((l) => / error AGC\d+ /.test(l)), text };
}

describe("a YAML error that quoting fixes says so", () => {
  const cases: [string, string, string, RegExp][] = [
    [
      "': ' inside a value",
      "description:",
      "description: TypeScript: conventions",
      /": " inside a plain value/,
    ],
    ["a leading *", "globs:", "globs: *.test.ts", /leading \* names an alias/],
    ["a leading @", "description:", "description: @team conventions", /cannot start with @/],
    [
      "a leading & that YAML would drop",
      "description:",
      "description: &copy conventions",
      /leading & sets an anchor/,
    ],
    [
      "a leading backtick",
      "description:",
      "description: `vitest` conventions",
      /cannot start with a backtick/,
    ],
  ];
  for (const [what, start, line, why] of cases) {
    it(what, () => {
      const result = check(registryWith(testsRuleLine(start, line)));
      assert.equal(result.status, 1);
      assert.equal(result.errors.length, 1, result.text);
      const lineNo = readFileSync(join(packageRoot, "templates/init/sources/team/tests.md"), "utf8")
        .split("\n")
        .findIndex((l) => l.startsWith(start));
      const value = line.slice(line.indexOf(": ") + 2);
      assert.match(
        result.errors[0] ?? "",
        new RegExp(`^sources/team/tests\\.md:${lineNo + 1}:\\d+: error AGC004 `),
      );
      const hint = result.text.split("\n").find((l) => l.includes("hint: Quote the value")) ?? "";
      assert.ok(hint.includes(`${start} ${JSON.stringify(value)}`), hint);
      assert.match(hint, why);
    });
  }

  it("a value that is fine unquoted gets no such hint", () => {
    const result = check(registryWith(testsRuleLine("description:", "description: [unclosed")));
    assert.equal(result.status, 1);
    assert.doesNotMatch(result.text, /Quote the value/);
  });
});

describe("did you mean", () => {
  it("a misspelt source folder names the existing one", () => {
    const dir = registryWith((d) => renameSync(join(d, "sources", "team"), join(d, "sources", "rules")));
    const sources = join(dir, "sources.json");
    writeFileSync(sources, readFileSync(sources, "utf8").replace('"sources/team"', '"sources/rule"'));
    const result = check(dir);
    assert.equal(result.status, 1);
    assert.match(
      result.text,
      /sources\.json:\d+:\d+: error AGC003 The folder "sources\/rule" of source "team"/,
    );
    assert.match(result.text, /hint: Did you mean "sources\/rules"\? Create the folder/);
  });

  it("a misspelt built-in adapter", () => {
    const dir = registryWith((d) => {
      const targets = join(d, "targets.json");
      const json = JSON.parse(readFileSync(targets, "utf8")) as Record<string, unknown>;
      writeFileSync(targets, JSON.stringify({ ...json, builtin_adapters: ["claude-cdoe"] }, null, 2));
    });
    assert.match(
      check(dir).text,
      /Unknown built-in adapter "claude-cdoe"\n {2}hint: Did you mean "claude-code"\?/,
    );
  });

  it("a misspelt supersedes", () => {
    const dir = registryWith(testsRuleLine("trigger:", "trigger: tests\nsupersedes: code-styel"));
    assert.match(
      check(dir).text,
      /supersedes "code-styel", but no rule has that slug\n {2}hint: Did you mean "code-style"\?/,
    );
  });

  it("a misspelt bundle path for install and status", async () => {
    const work = testdir();
    const built = await runAgentc([
      "build",
      join(packageRoot, "examples", "registry"),
      "--out",
      join(work, "build"),
      "-q",
    ]);
    assert.equal(built.status, 0, built.stderr);
    const install = runCliProcess(["install", "buidl", "--project", "."], { cwd: work });
    assert.equal(install.status, 1);
    assert.match(install.stderr, /agentc install: buidl does not exist; did you mean build\?/);
    const status = runCliProcess(["status", "bulid", "--project", "."], { cwd: work });
    assert.equal(status.status, 2);
    assert.match(status.stderr, /agentc status: bulid does not exist; did you mean build\?/);
  });

  it("a misspelt check slug for explain (a near id is another check, not a typo)", async () => {
    const result = await runAgentc(["explain", "globs-well-formd"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /unknown check "globs-well-formd"; Did you mean "globs-well-formed"\?/);
    assert.doesNotMatch((await runAgentc(["explain", "AGC999"])).stderr, /Did you mean/);
  });
});

describe("a bad glob is reported once, where it is written", () => {
  it("an empty glob: one error, at the item", () => {
    const result = check(registryWith(testsRuleLine("globs:", 'globs: ["**/*.test.ts", ""]')));
    assert.equal(result.errors.length, 1, result.text);
    assert.match(result.errors[0] ?? "", /^sources\/team\/tests\.md:3:25: error AGC005 /);
  });

  it("a glob the two rules of one file share: one error naming both, at the item", () => {
    const dir = registryWith((d) => {
      const file = join(d, "sources", "team", "code.md");
      const text = readFileSync(file, "utf8").replace(
        "scope: global",
        'scope: scoped\nglobs: ["src/**", "src/[a-z"]',
      );
      writeFileSync(file, text);
    });
    const result = check(dir);
    assert.equal(result.errors.length, 1, result.text);
    assert.match(
      result.errors[0] ?? "",
      /^sources\/team\/code\.md:3:19: error AGC036 Unexpected glob "src\/\[a-z" in rules "code-style", "commits"/,
    );
  });
});
