import type { Diagnostic } from "../../../diagnostics/diagnostic.js";
import { jsonDiagnostic } from "../../../diagnostics/json-diagnostic.js";

/** The output schema's part every diagnostics report shares (the JSON report's diagnostic). */
export const diagnosticsProperties = {
  ok: { type: "boolean", description: "no error among the diagnostics" },
  errors: { type: "integer" },
  warnings: { type: "integer" },
  diagnostics: {
    type: "array",
    items: {
      type: "object",
      properties: {
        id: { type: "string" },
        severity: { enum: ["error", "warning", "info"] },
        file: { type: "string" },
        line: { type: "integer" },
        column: { type: "integer" },
        message: { type: "string" },
        hint: { type: "string" },
        url: { type: "string" },
      },
      required: ["id", "severity", "file", "line", "column", "message", "hint"],
    },
  },
};

export function diagnosticsReport(diagnostics: readonly Diagnostic[]): Record<string, unknown> {
  const count = (severity: string) => diagnostics.filter((d) => d.severity === severity).length;
  return {
    ok: count("error") === 0,
    errors: count("error"),
    warnings: count("warning"),
    diagnostics: diagnostics.map(jsonDiagnostic),
  };
}
