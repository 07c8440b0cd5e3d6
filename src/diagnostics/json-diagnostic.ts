import { checkDocsUrl } from "./check-docs-url.js";
import type { Diagnostic } from "./diagnostic.js";

/**
 * A diagnostic as the JSON reports and the MCP tools give it: the contract's seven keys first and always;
 * the end, related places, loss and docs page after them.
 */
export function jsonDiagnostic(d: Diagnostic): Record<string, unknown> {
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
