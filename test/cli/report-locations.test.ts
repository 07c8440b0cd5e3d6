import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { configMatchesSchema } from "../../src/documents/checks/config-matches-schema.js";
import { slugUniqueInSource } from "../../src/registry/checks/slug-unique-in-source.js";
import { packageVersion } from "../../src/shared/package-version.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** The docs page of the checks of this version (the release tag of package.json's version). */
const docs = (id: string) =>
  `https://github.com/agentc/agentc/blob/v${packageVersion()}/docs/checks/${id}.md`;

async function report(format: "json" | "sarif", files: Record<string, string>) {
  const result = await runAgentc(["check", testdir(files), "--format", format]);
  assert.equal(result.status, 1, result.stderr);
  return JSON.parse(result.stdout);
}

describe("related places, end positions and docs pages in machine reports", () => {
  it("json: a duplicate names the first definition as a related place, and every diagnostic its docs page", async () => {
    const [d] = (await report("json", slugUniqueInSource.examples.failing)).diagnostics;
    assert.deepEqual(d, {
      id: "AGC008",
      severity: "error",
      file: "rules/extra.md",
      line: 4,
      column: 1,
      message: 'Slug "code-style" is defined twice in source "custom": here and at rules/code-style.md:6:1',
      hint: slugUniqueInSource.hint,
      related: [
        { file: "rules/code-style.md", line: 6, column: 1, message: '"code-style" is first defined here' },
      ],
      url: docs("AGC008"),
    });
  });

  it("json: a schema error in a JSON file ends where the offending key ends", async () => {
    const [d] = (await report("json", configMatchesSchema.examples.failing)).diagnostics;
    assert.equal(d.id, "AGC002");
    const text = configMatchesSchema.examples.failing["sources.json"] ?? "";
    const column = text.indexOf('"enabeld"') + 1;
    assert.deepEqual(
      [d.file, d.line, d.column, d.endLine, d.endColumn],
      ["sources.json", 1, column, 1, column + 9],
    );
  });

  it("sarif: relatedLocations, the region's end, and each rule's helpUri", async () => {
    const sarif = await report("sarif", slugUniqueInSource.examples.failing);
    const [run] = sarif.runs;
    const [result] = run.results;
    assert.deepEqual(result.relatedLocations, [
      {
        id: 0,
        physicalLocation: {
          artifactLocation: { uri: "rules/code-style.md", uriBaseId: "REGISTRY" },
          region: { startLine: 6, startColumn: 1 },
        },
        message: { text: '"code-style" is first defined here' },
      },
    ]);
    for (const rule of run.tool.driver.rules) assert.equal(rule.helpUri, docs(rule.id));
    const schema = (await report("sarif", configMatchesSchema.examples.failing)).runs[0].results[0];
    const { region } = schema.locations[0].physicalLocation;
    assert.equal(region.endLine, region.startLine);
    assert.equal(region.endColumn, region.startColumn + '"enabeld"'.length);
  });
});
