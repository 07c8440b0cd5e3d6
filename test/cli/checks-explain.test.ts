import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { allChecks, findCheck } from "../../src/check-list/index.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { checkDocsDir } from "../../src/shared/package-paths.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

describe("agentc explain", () => {
  it("lists every check with its id, severity and slug", async () => {
    const result = await runAgentc(["explain"]);
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.trimEnd().split("\n");
    assert.equal(lines.length, allChecks.length);
    for (const [index, check] of allChecks.entries()) {
      assert.match(lines[index] ?? "", new RegExp(`^${check.id}\\s+${check.severity}\\s+${check.slug}: `));
    }
  });

  it("prints the docs page of one check by id, in any case", async () => {
    const result = await runAgentc(["explain", "agc018"]);
    assert.equal(result.status, 0, result.stderr);
    const page = readFileSync(join(checkDocsDir, "AGC018.md"), "utf8");
    assert.equal(result.stdout.trimEnd(), page.trimEnd());
    assert.match(result.stdout, /^# AGC018 depth-vocabulary-confined\n/);
    assert.match(result.stdout, /## Failing example/);
  });

  it("finds a check by its slug", async () => {
    const result = await runAgentc(["explain", "install-paths-safe"]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^# AGC035 install-paths-safe\n/);
  });

  it("prints one check as JSON with its examples", async () => {
    const result = await runAgentc(["explain", "AGC027", "--format", "json"]);
    assert.equal(result.status, 0, result.stderr);
    const parsed = JSON.parse(result.stdout) as {
      id: string;
      severity: string;
      examples: { failing: object };
    };
    assert.equal(parsed.id, "AGC027");
    assert.equal(parsed.severity, "error");
    assert.ok("targets.json" in parsed.examples.failing);
  });

  it("exits 2 with a hint for an unknown check, and prints no stack trace", async () => {
    const result = await runAgentc(["explain", "AGC999"]);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, "");
    assert.match(result.stderr, /unknown check "AGC999"; run 'agentc explain' to list them/);
    assert.doesNotMatch(result.stderr, /\n\s+at /);
  });
});

describe("agentc check on a check's failing example", () => {
  it("exits 1 and reports AGC018 with file, line, column and hint as JSON", async () => {
    const check = findCheck("AGC018");
    assert.ok(check);
    const dir = testdir(check.examples.failing);
    const result = await runAgentc(["check", dir, "--format", "json", "--offline"]);
    assert.equal(result.status, 1, result.stderr);
    const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
    const own = diagnostics.filter((d) => d.id === "AGC018");
    assert.deepEqual(
      own.map((d) => `${d.severity} ${d.file}:${d.line}:${d.column}`),
      ["error rules/code-style.md:8:29", "error rules/code-style.md:8:41"],
    );
    assert.equal(own[0]?.hint, check.hint);
  });

  it("exits 0 on the passing example", async () => {
    const check = findCheck("AGC018");
    assert.ok(check);
    const result = await runAgentc(["check", testdir(check.examples.passing), "--offline"]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });
});
