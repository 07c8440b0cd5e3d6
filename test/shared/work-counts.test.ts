import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, it } from "node:test";
import { compareWork, readBaseline, workCases } from "../../bench/work-check.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { workKinds } from "../../src/shared/work-counts.js";

/** The rows of the check's table: registry, count, baseline, measured, result. */
function tableRows(stdout: string): string[][] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| registry"))
    .map((line) =>
      line
        .slice(2, -2)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
}

describe("work counts and npm run bench -- --check", () => {
  it("passes against the committed baseline, with real counts from real builds", () => {
    const run = spawnSync(process.execPath, [join(packageRoot, "dist", "bench", "benches.js"), "--check"], {
      encoding: "utf8",
    });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    const rows = tableRows(run.stdout);
    assert.equal(rows.length, workCases.length * workKinds.length);
    const measured = (name: string, kind: string) =>
      Number(rows.find(([n, k]) => n === name && k === kind)?.[3] ?? Number.NaN);
    for (const { name } of workCases) {
      assert.ok(measured(name, "files read") > 10, `${name}: files read`);
      assert.ok(measured(name, "schema validations") > 0, `${name}: schema validations`);
      assert.ok(measured(name, "bytes scanned by output checks") > 0, `${name}: bytes scanned`);
    }
    // Rule frontmatter of plain key: value lines is read without the yaml library.
    assert.equal(measured("200 rules", "YAML documents parsed"), 0);
    assert.ok(measured("team example", "YAML documents parsed") > 0);
  });

  it("fails on a count above the baseline or without one, and reports one below it", () => {
    const baseline = readBaseline();
    const [name = "", counts] = Object.entries(baseline)[0] ?? [];
    assert.ok(counts, "the baseline names at least one registry");
    const rows = compareWork(
      {
        [name]: { ...counts, "files read": counts["files read"] + 1, "schema validations": 0 },
        unknown: counts,
      },
      baseline,
    );
    const verdict = (n: string, kind: string) => rows.find((r) => r.name === n && r.kind === kind)?.verdict;
    assert.equal(verdict(name, "files read"), "rose");
    assert.equal(verdict(name, "schema validations"), counts["schema validations"] > 0 ? "fell" : "same");
    assert.equal(verdict(name, "YAML documents parsed"), "same");
    assert.equal(verdict("unknown", "files read"), "new");
  });
});
