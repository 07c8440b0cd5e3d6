export type Severity = "error" | "warning" | "info";

export interface Position {
  file: string;
  line: number;
  column: number;
}

export interface Diagnostic {
  id: string;
  severity: Severity;
  file: string;
  line: number;
  column: number;
  message: string;
  hint: string;
}

export function at(position: Position | undefined, fallbackFile = ""): Position {
  return position ?? { file: fallbackFile, line: 1, column: 1 };
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/**
 * Code-point order, the same on every machine; localeCompare follows the user's locale (Danish sorts "aa"
 * after "z") and its first call costs tens of milliseconds of ICU set-up.
 */
export const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** By file, line, column, severity, check id and message. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      byCodePoint(a.file, b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      severityRank[a.severity] - severityRank[b.severity] ||
      byCodePoint(a.id, b.id) ||
      byCodePoint(a.message, b.message),
  );
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === "error");
}
