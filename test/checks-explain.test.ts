import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { allChecks } from "../src/checks/index.js";
import { checkDocsDir } from "../src/package-paths.js";
import { runCli } from "./support/run-cli.js";

describe("agentc explain", () => {
  it("lists every check with its id, severity and slug", () => {
    const result = runCli(["explain"]);
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.trimEnd().split("\n");
    assert.equal(lines.length, allChecks.length);
    for (const [index, check] of allChecks.entries()) {
      assert.match(lines[index] ?? "", new RegExp(`^${check.id}\\s+${check.severity}\\s+${check.slug}: `));
    }
  });

  it("prints the docs page of one check by id, in any case", () => {
    const result = runCli(["explain", "agc018"]);
    assert.equal(result.status, 0, result.stderr);
    const page = readFileSync(join(checkDocsDir, "AGC018.md"), "utf8");
    assert.equal(result.stdout.trimEnd(), page.trimEnd());
    assert.match(result.stdout, /^# AGC018 depth-vocabulary-confined\n/);
    assert.match(result.stdout, /## Failing example/);
  });

  it("finds a check by its slug", () => {
    const result = runCli(["explain", "install-paths-safe"]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^# AGC035 install-paths-safe\n/);
  });

  it("prints one check as JSON with its examples", () => {
    const result = runCli(["explain", "AGC027", "--format", "json"]);
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

  it("exits 2 with a hint for an unknown check, and prints no stack trace", () => {
    const result = runCli(["explain", "AGC999"]);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, "");
    assert.match(result.stderr, /unknown check "AGC999"; run 'agentc explain' to list them/);
    assert.doesNotMatch(result.stderr, /\n\s+at /);
  });
});
