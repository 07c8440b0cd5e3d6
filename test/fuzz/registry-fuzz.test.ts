import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { type CaseOutcome, type FuzzTarget, judge, runFuzz } from "../../fuzz/fuzz-run.js";
import { importSeeds, seedRegistries } from "../../fuzz/seeds.js";

/**
 * A fixed-seed slice through the fuzzer, every `cliEvery`-th case through a process of the CLI, the others in a
 * worker thread; every failing case is named with the folder it was saved in. The registry slice's 60 cases use
 * each of the mutations, as its 80 did, the import slice's 40 all but two (docs/fuzz.md); `npm run fuzz` runs
 * 1,000 cases of each.
 */
async function slice(
  target: FuzzTarget,
  seed: number,
  cases: number,
  cliEvery: number,
): Promise<CaseOutcome[]> {
  const outcomes: CaseOutcome[] = [];
  const options = {
    target,
    seed,
    cases,
    timeoutMs: 20_000,
    hugeChars: 256 * 1024,
    cliEvery,
    saveDir: mkdtempSync(join(tmpdir(), "agentc-fuzz-failures-")),
    onCase: (o: CaseOutcome) => outcomes.push(o),
  };
  const report = await runFuzz(options, target === "import" ? importSeeds() : seedRegistries());
  const failed = [...report.crashes, ...report.hangs].map(
    (o) =>
      `case ${o.index} (${o.seedName}; ${o.mutations.join("; ")}; ${o.via}): ${o.problem}; saved in ${o.saved}`,
  );
  assert.deepEqual(failed, [], "replay one with: node dist/fuzz/fuzz.js --replay <folder>");
  assert.equal(report.tried, cases);
  assert.equal(outcomes.filter((o) => o.via === "cli").length, cases / cliEvery);
  assert.ok(outcomes.some((o) => o.code === 0));
  return outcomes;
}

describe("registry fuzz (fixed seed, bounded slice; npm run fuzz runs longer)", () => {
  it("every mutated registry ends check and build with exit 0 or 1 and a diagnostic: no internal error, stack trace, hang or copied secret", async () => {
    const outcomes = await slice("registry", 20261202, 60, 30);
    assert.ok(
      outcomes.filter((o) => o.code === 1).length >= 40,
      "the mutations should break most registries",
    );
  });
});

describe("import fuzz (fixed seed, bounded slice; npm run fuzz runs longer)", () => {
  it("every mutated project ends agentc import with exit 0 or 1 and a diagnostic: no internal error, stack trace or hang", async () => {
    const outcomes = await slice("import", 20261206, 40, 40);
    // A file import cannot read is a warning (AGC127: it stays the project's), so most broken projects still exit 0.
    assert.ok(
      outcomes.filter((o) => o.flagged).length >= 13,
      "the mutations should be noticed in many projects",
    );
  });
});

describe("the fuzzer's judge", () => {
  const report = (diagnostics: object[]) => JSON.stringify({ diagnostics });
  const error = { severity: "error", message: "m", file: "f" };

  it("accepts exit 0, exit 1 with an error diagnostic, and import's exit 1 with an error in its report", () => {
    assert.equal(judge(0, report([]), ""), undefined);
    assert.equal(judge(1, report([error]), ""), undefined);
    assert.equal(judge(1, JSON.stringify({ diagnostics: [], error: "found no native file" }), ""), undefined);
  });

  it("rejects internal errors, stack traces, silent failures and unbounded messages", () => {
    assert.match(judge(2, "", "agentc check: internal error: boom") ?? "", /^exit 2/);
    assert.match(judge(1, report([error]), "TypeError: x\n    at f (/a/b.js:1:2)") ?? "", /internal error/);
    assert.equal(
      judge(1, report([{ ...error, severity: "warning" }]), ""),
      "exit 1 without an error diagnostic",
    );
    assert.match(
      judge(1, report([{ ...error, message: "x".repeat(5000) }]), "") ?? "",
      /a diagnostic of 5000/,
    );
    assert.match(judge(0, "not json", "") ?? "", /no JSON report/);
    assert.match(judge(null, "", "") ?? "", /^exit null/);
  });
});
