import { checkDocsUrl } from "../../diagnostics/check-docs-url.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Reporter } from "./report-format.js";

/** The contract's seven keys first and always; the end, related places and docs page after them. */
function jsonDiagnostic(d: Diagnostic): Record<string, unknown> {
  return {
    id: d.id,
    severity: d.severity,
    file: d.file,
    line: d.line,
    column: d.column,
    message: d.message,
    hint: d.hint,
    ...(d.endLine !== undefined ? { endLine: d.endLine, endColumn: d.endColumn } : {}),
    ...(d.related ? { related: d.related } : {}),
    ...(d.loss ? { loss: d.loss } : {}),
    url: checkDocsUrl(d.id),
  };
}

export const jsonReporter: Reporter = (diagnostics, context) =>
  JSON.stringify({ diagnostics: diagnostics.map(jsonDiagnostic), ...context.summary }, null, 2);
