import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { ProjectReader } from "../../src/import/read-project/project-reader.js";
import { roundTrip } from "../../src/import/round-trip/round-trip.js";
import { testdir } from "../support/testdir.js";

/**
 * When the imported registry's build fails, import names the build's errors at their files below --out. An error
 * at a file of agentc's own package (AGC028 at <agentc>/clients/cursor.json, when two rule files were one file
 * where case is folded) was named below --out too: "reg/<agentc>/clients/cursor.json", a path that is nowhere.
 */
describe("the build's errors in the import report", () => {
  it("are named below --out, except those at a file of the package", () => {
    const error = (file: string): Diagnostic => ({
      id: "AGC028",
      severity: "error",
      file,
      line: 4,
      column: 13,
      message: "two paths are one file on case-insensitive file systems",
      hint: "Rename one of the two.",
    });
    const failed = {
      ok: false,
      diagnostics: [error("<agentc>/clients/cursor.json"), error("core/rules/a.md")],
    };
    const trip = roundTrip(failed, "../reg", [], new ProjectReader(testdir({})), "AGENTS.md");
    assert.deepEqual(
      trip.diagnostics.map((d) => d.file),
      ["<agentc>/clients/cursor.json", "../reg/core/rules/a.md"],
    );
  });
});
