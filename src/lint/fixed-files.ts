import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LineEdit } from "./lint-context.js";

/** A file as it is and as the safe edits leave it. */
export interface FixedFile {
  file: string;
  before: string;
  after: string;
}

/**
 * The project's files with the safe edits applied (`agentc lint --fix`), by file in code-point order. Edits
 * are applied from the last line up, so each line number still means the line the finding named; two edits
 * of one line keep the first. A symbolic link is left alone: the edit would change the file it points at,
 * which other paths may read as well.
 */
export function fixedFiles(root: string, edits: readonly LineEdit[]): FixedFile[] {
  const byFile = new Map<string, LineEdit[]>();
  for (const edit of edits) byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), edit]);
  const fixed: FixedFile[] = [];
  for (const file of [...byFile.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (lstatSync(join(root, file)).isSymbolicLink()) continue;
    const before = readFileSync(join(root, file), "utf8");
    const after = applied(before, byFile.get(file) ?? []);
    if (after !== before) fixed.push({ file, before, after });
  }
  return fixed;
}

/** The text with the edits applied; a file whose lines end in CRLF keeps them on the lines edits write. */
function applied(text: string, edits: readonly LineEdit[]): string {
  const lines = text.split("\n");
  const end = lines[0]?.endsWith("\r") ? "\r" : "";
  const seen = new Set<string>();
  const ordered = [...edits].sort((a, b) => b.line - a.line || (a.op === "insert" ? 1 : -1));
  for (const edit of ordered) {
    const key = `${edit.op === "insert" ? "i" : "c"}${edit.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const at = edit.line - 1;
    if (edit.op === "insert") lines.splice(at, 0, ...(edit.text ?? "").split("\n").map((l) => l + end));
    else if (edit.op === "delete") lines.splice(at, 1);
    else lines[at] = (edit.text ?? "") + end;
  }
  return lines.join("\n");
}
