import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";
import { driftedProject } from "./projects.js";

interface SarifResult {
  ruleId: string;
  level: string;
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
  relatedLocations?: { physicalLocation: { artifactLocation: { uri: string } }; message: { text: string } }[];
}

describe("agentc lint's reports for machines", () => {
  it("writes JSON with the contract's keys, the files read and each check's page", async () => {
    const project = testdir(driftedProject);
    const result = await runAgentc(["lint", project, "--format", "json"]);
    assert.equal(result.status, 1);
    const report = JSON.parse(result.stdout);
    assert.equal(report.ok, false);
    assert.ok(report.filesRead >= 8, `filesRead ${report.filesRead}`);
    const first = report.diagnostics[0];
    assert.deepEqual(Object.keys(first).slice(0, 7), [
      "id",
      "severity",
      "file",
      "line",
      "column",
      "message",
      "hint",
    ]);
    assert.match(first.url, /docs\/checks\/AGC\d{3}\.md$/);
  });

  it("writes SARIF 2.1.0 whose rules have a helpUri and whose results keep their related places", async () => {
    const project = testdir(driftedProject);
    const result = await runAgentc(["lint", project, "--format", "sarif"]);
    assert.equal(result.status, 1);
    const run = JSON.parse(result.stdout).runs[0];
    const rules = new Map(
      run.tool.driver.rules.map((r: { id: string; helpUri: string }) => [r.id, r.helpUri]),
    );
    const results: SarifResult[] = run.results;
    for (const r of results)
      assert.match(String(rules.get(r.ruleId)), /docs\/checks\/AGC\d{3}\.md$/, r.ruleId);
    const again = results.find((r) => r.ruleId === "AGC206");
    assert.equal(again?.locations[0]?.physicalLocation.artifactLocation.uri, "CLAUDE.md");
    assert.equal(again?.locations[0]?.physicalLocation.region.startLine, 12);
    assert.deepEqual(
      again?.relatedLocations?.map((l) => [l.physicalLocation.artifactLocation.uri, l.message.text]),
      [["CLAUDE.md", "first imported here"]],
    );
    assert.equal(results.find((r) => r.ruleId === "AGC201")?.level, "error");
    assert.equal(results.find((r) => r.ruleId === "AGC208")?.level, "warning");
  });

  it("writes GitHub annotations, one workflow command per finding, with the file as the cwd sees it", async () => {
    const project = testdir(driftedProject);
    const result = await runAgentc(["lint", project, "--format", "github"]);
    assert.equal(result.status, 1);
    const annotations = result.stdout.split("\n").filter((line) => line !== "");
    assert.equal(annotations.length, 13);
    assert.ok(
      annotations.every((a) => /^::(error|warning) file=[^,]+,line=\d+,col=\d+,title=AGC\d{3}::/.test(a)),
    );
    assert.ok(
      annotations.some(
        (a) =>
          a.startsWith("::error ") && a.includes("AGC201") && a.includes(".claude/skills/deploy/SKILL.md"),
      ),
    );
  });
});
