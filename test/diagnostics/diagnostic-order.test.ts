import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Diagnostic, sortDiagnostics } from "../../src/diagnostics/diagnostic.js";

function diagnostic(file: string, message = "m"): Diagnostic {
  return { id: "AGC001", severity: "error", file, line: 1, column: 1, message, hint: "" };
}

describe("sortDiagnostics", () => {
  it("orders files and messages by code point, whatever the locale (no localeCompare)", () => {
    const files = ["z.md", "aa.md", "alpha.md", "Zeta.md", "ö.md", "a_b.md", "a-b.md"];
    const sorted = sortDiagnostics(files.map((file) => diagnostic(file))).map((d) => d.file);
    assert.deepEqual(sorted, ["Zeta.md", "a-b.md", "a_b.md", "aa.md", "alpha.md", "z.md", "ö.md"]);
    const messages = sortDiagnostics([diagnostic("f", "b"), diagnostic("f", "B"), diagnostic("f", "a")]);
    assert.deepEqual(
      messages.map((d) => d.message),
      ["B", "a", "b"],
    );
  });
});
