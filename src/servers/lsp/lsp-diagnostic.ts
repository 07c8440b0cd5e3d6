import { isAbsolute, join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  DiagnosticSeverity,
  type Diagnostic as LspDiagnostic,
  type Position as LspPosition,
  type Range,
} from "vscode-languageserver/node";
import { checkDocsUrl } from "../../diagnostics/check-docs-url.js";
import type { Diagnostic, Severity } from "../../diagnostics/diagnostic.js";

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** The file URI of a diagnostic's path, which is relative to the checked folder `root` unless absolute. */
export function fileUri(root: string, file: string): string {
  return pathToFileURL(isAbsolute(file) ? file : join(root, file)).href;
}

/**
 * An agentc diagnostic as LSP shows it: 1-based line and column (UTF-16 units, as LSP counts by default) to
 * a 0-based range, AGCnnn as the code with its docs page, the hint after the message, related places.
 */
export function lspDiagnostic(root: string, d: Diagnostic): LspDiagnostic {
  const start = lspPosition(d.line, d.column);
  const end =
    d.endLine !== undefined && d.endColumn !== undefined ? lspPosition(d.endLine, d.endColumn) : start;
  return {
    range: { start, end },
    severity: severities[d.severity],
    code: d.id,
    codeDescription: { href: checkDocsUrl(d.id) },
    source: "agentc",
    message: d.hint ? `${d.message}\nhint: ${d.hint}` : d.message,
    ...(d.related && d.related.length > 0
      ? {
          relatedInformation: d.related.map((place) => ({
            location: { uri: fileUri(root, place.file), range: pointRange(place.line, place.column) },
            message: place.message,
          })),
        }
      : {}),
  };
}

function lspPosition(line: number, column: number): LspPosition {
  return { line: Math.max(0, line - 1), character: Math.max(0, column - 1) };
}

function pointRange(line: number, column: number): Range {
  const at = lspPosition(line, column);
  return { start: at, end: at };
}
