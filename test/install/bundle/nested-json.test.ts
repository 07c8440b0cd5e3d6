import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { readManifest } from "../../../src/install/bundle/read-manifest.js";
import { readRecord, recordPath } from "../../../src/install/model/record.js";
import { testdir } from "../../support/testdir.js";

const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;

describe("the installer's readers of a bundle and a project refuse JSON nested past 64 levels", () => {
  it("a bundle manifest: a problem naming line and column, nothing walks the value", () => {
    const bundle = testdir({ "manifest.json": `{"version": 1,\n "install": ${deep}}\n` });
    const read = readManifest(bundle);
    assert.equal(read.ok, false);
    assert.match(
      read.ok ? "" : (read.problems[0] ?? ""),
      /manifest\.json: line 2, column 76: not valid JSON: JSON nested more than 64 levels deep at position 90/,
    );
  });

  it("an install record: a problem, not a stack overflow", () => {
    const project = testdir({});
    mkdirSync(join(project, ".agentc"), { recursive: true });
    writeFileSync(join(project, recordPath), `{"version": 1, "files": ${deep}}`);
    const read = readRecord(project);
    assert.equal(read.ok, false);
    assert.match(read.ok ? "" : read.problem, /not valid JSON \(JSON nested more than 64 levels deep/);
  });
});
