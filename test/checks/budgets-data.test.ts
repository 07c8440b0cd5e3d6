import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const reason = "our onboarding text is long on purpose";

/** A registry whose one always-on rule has `lines` lines of five words each. */
function registry(lines: number, targets: object = {}, core: Record<string, string> = {}): string {
  const body = Array.from({ length: lines }, (_, i) => `- rule ${i} keeps things clear.`).join("\n");
  return testdir({
    "sources.json": `${JSON.stringify({ version: 1, sources: [{ name: "team", kind: "custom", path: "rules", enabled: true }] })}\n`,
    "targets.json": `${JSON.stringify({ version: 1, builtin_adapters: ["agents-md"], ...targets })}\n`,
    "rules/long.md": `---\nscope: global\n---\n# Long\n\n${body}\n`,
    ...core,
  });
}

async function build(dir: string) {
  const run = await runAgentc(["build", dir, "--out", join(testdir(), "build"), "--format", "json"]);
  const report = JSON.parse(run.stdout) as {
    diagnostics: { id: string; severity: string; message: string; file: string; line: number }[];
  };
  return {
    status: run.status,
    findings: report.diagnostics.map((d) => `${d.severity} ${d.id} ${d.message}`),
    at: (id: string) => report.diagnostics.filter((d) => d.id === id).map((d) => `${d.file}:${d.line}`),
  };
}

describe("budgets are data: targets.json budgets, each with its reason", () => {
  it("keeps the seed's budget by default: 150 lines fail AGC026", async () => {
    const { status, findings } = await build(registry(150));
    assert.equal(status, 1);
    assert.ok(
      findings.some((f) => f.startsWith("error AGC026") && f.includes("over the global budget of 100")),
    );
  });

  it("takes the registry's own global budget: 150 lines and 750 words build", async () => {
    const budgets = { global: { max_lines: 200, max_words: 1000, reason } };
    const { status, findings } = await build(registry(150, { budgets }));
    assert.equal(status, 0, findings.join("\n"));
  });

  it("holds the registry's own budget too, and says where it comes from", async () => {
    const budgets = { global: { max_lines: 120, reason } };
    const { status, findings } = await build(registry(150, { budgets }));
    assert.equal(status, 1);
    const over = findings.filter((f) => f.startsWith("error AGC026"));
    assert.equal(over.length, 2, over.join("\n"));
    assert.ok(
      over.some((f) => f.includes("over the global budget of 120 lines set in targets.json budgets.global")),
      over.join("\n"),
    );
    assert.ok(
      over.some((f) => f.includes("the global budget is under 200")),
      "max_words left out: the seed's word budget holds",
    );
  });

  it("points at the limit the registry set, where it can be raised, and else at the rule to cut", async () => {
    const dir = registry(150);
    const targets = {
      version: 1,
      builtin_adapters: ["agents-md"],
      budgets: { global: { max_lines: 120, reason } },
    };
    writeFileSync(join(dir, "targets.json"), `${JSON.stringify(targets, null, 2)}\n`);
    const own = await build(dir);
    // line 8 is "max_lines"; the word limit is still the seed's: at the one rule the file carries
    assert.deepEqual(own.at("AGC026").sort(), ["rules/long.md:4", "targets.json:8"]);
    const seed = await build(
      registry(150, {}, { "rules/other.md": "---\nscope: global\n---\n# Other\n\nBe brief.\n" }),
    );
    // a file carrying two rules: at the built-in adapter's entry in targets.json, never in agentc's package
    assert.deepEqual(seed.at("AGC026"), ["targets.json:1", "targets.json:1"]);
  });

  it("says of a limit import set that it is the project's size, and which key lets the file grow", async () => {
    const budgets = { global: { max_lines: 120, max_words: 2000, reason: "imported as is" } };
    const dir = registry(150, { budgets });
    const run = await runAgentc(["build", dir, "--out", join(testdir(), "build"), "--format", "json"]);
    const report = JSON.parse(run.stdout) as { diagnostics: { id: string; hint: string }[] };
    assert.deepEqual(
      report.diagnostics.filter((d) => d.id === "AGC026").map((d) => d.hint),
      [
        "agentc import set this limit to the project's size when it read it: raise budgets.global.max_lines in targets.json to let the file grow, or cut text (a scoped rule or a skill loads only when it applies).",
      ],
    );
  });

  it("refuses a budget without a reason", async () => {
    const { status, findings } = await build(registry(10, { budgets: { global: { max_lines: 500 } } }));
    assert.equal(status, 1);
    assert.ok(
      findings.some((f) => f.includes("reason")),
      findings.join("\n"),
    );
  });

  it("takes a client's always-loaded limit from targets.json (AGC090)", async () => {
    const long = Array.from({ length: 1000 }, (_, i) => `- Rule ${i}: prefer clear names over comments.`);
    const core = {
      "core/rules/style.md": `---\ntrigger: always_on\n---\n# Style\n\n${long.join("\n")}\n`,
    };
    const base = { builtin_clients: ["claude-code"] };
    const seed = await build(registry(1, base, core));
    assert.ok(
      seed.findings.some((f) => f.startsWith("error AGC090") && f.includes("over its limit of 40000")),
      seed.findings.join("\n"),
    );
    const budgets = { always_loaded: { "claude-code": { characters: 60000, reason } } };
    const own = await build(registry(1, { ...base, budgets }, core));
    assert.equal(own.status, 0, own.findings.join("\n"));
    assert.ok(!own.findings.some((f) => f.includes("AGC090")), own.findings.join("\n"));
  });
});
