export type Severity = "error" | "warning" | "info";

export interface Position {
  file: string;
  line: number;
  column: number;
  /** Just past the end of what is meant (a JSON value or key), where the reader knows it. */
  end?: { line: number; column: number };
}

/** A second place a diagnostic concerns ("first defined here"), with what it is. */
export interface RelatedLocation {
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * The JSON contract (docs/architecture.md): id, severity, file, line, column, message, hint; the optional
 * end of the place, and the related places, follow only where known.
 */
export interface Diagnostic {
  id: string;
  severity: Severity;
  file: string;
  line: number;
  column: number;
  message: string;
  hint: string;
  endLine?: number;
  endColumn?: number;
  related?: RelatedLocation[];
  /** A limit of one client (or format) the author cannot fix: which client, which promise is lost. */
  loss?: Loss;
  /**
   * What kind of finding this is, the same text for every place of one kind (a frontmatter key no neutral
   * format has): a report may show such findings as one line with a count and their places. It names the
   * file, if at all, as groupFile.
   */
  group?: string;
}

/** How a finding's group names the file it is about: the places listed after it say which files. */
export const groupFile = "<file>";

/**
 * A promise one client cannot keep, a fact about the client rather than a problem in the registry
 * (docs/diagnostics.md): `accepted` holds the registry's reason when targets.json accepts it.
 */
export interface Loss {
  client: string;
  promise: string;
  accepted?: string;
  /** A format's loss: the chosen assistants that really lose the promise, which reports count it under. */
  assistants?: string[];
}

/**
 * "file:line:column: severity AGCnnn message": the line `agentc check` prints for a diagnostic (the pretty
 * report paints the severity and shows the file from the cwd; check docs show it as it is).
 */
export function diagnosticLine(d: Diagnostic, shown: { file?: string; severity?: string } = {}): string {
  return `${shown.file ?? d.file}:${d.line}:${d.column}: ${shown.severity ?? d.severity} ${d.id} ${d.message}`;
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
