import type { Position } from "../diagnostics/diagnostic.js";

/** file:line:column, as messages name another place. */
export function formatPosition(p: Position): string {
  return `${p.file}:${p.line}:${p.column}`;
}
