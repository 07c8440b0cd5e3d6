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

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      severityRank[a.severity] - severityRank[b.severity] ||
      a.id.localeCompare(b.id) ||
      a.message.localeCompare(b.message),
  );
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === "error");
}
