import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkDocsUrl } from "../../src/diagnostics/check-docs-url.js";
import { lspDiagnostic } from "../../src/servers/lsp/lsp-diagnostic.js";

describe("an agentc diagnostic as LSP shows it", () => {
  it("turns 1-based lines and columns with an end into a 0-based range, with the code, its page, the hint and related places", () => {
    const shown = lspDiagnostic("/reg", {
      id: "AGC004",
      severity: "warning",
      file: "sources/team/a.md",
      line: 3,
      column: 5,
      endLine: 3,
      endColumn: 12,
      message: "Two rules claim one trigger",
      hint: "Keep one.",
      related: [{ file: "sources/team/b.md", line: 7, column: 1, message: "the other rule" }],
    });
    assert.deepEqual(shown, {
      range: { start: { line: 2, character: 4 }, end: { line: 2, character: 11 } },
      severity: 2,
      code: "AGC004",
      codeDescription: { href: checkDocsUrl("AGC004") },
      source: "agentc",
      message: "Two rules claim one trigger\nhint: Keep one.",
      relatedInformation: [
        {
          location: {
            uri: "file:///reg/sources/team/b.md",
            range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } },
          },
          message: "the other rule",
        },
      ],
    });
  });

  it("gives a place without an end as an empty range at it, an info as Information, and no hint line when there is none", () => {
    const shown = lspDiagnostic("/reg", {
      id: "AGC029",
      severity: "info",
      file: "a.md",
      line: 1,
      column: 1,
      message: "folded",
      hint: "",
    });
    assert.deepEqual(
      [shown.range, shown.severity, shown.message, shown.relatedInformation],
      [{ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, 3, "folded", undefined],
    );
  });
});
