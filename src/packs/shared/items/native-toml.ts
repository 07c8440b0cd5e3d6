import { TomlError } from "smol-toml";
import { readHeader } from "../../../compose/toml-tables.js";
import type { Position } from "../../../diagnostics/diagnostic.js";
import { parseToml } from "../../../shared/bounded-toml.js";
import type { MarkdownProblem } from "./native-markdown.js";

/** A native TOML file (an agent or command file, a settings file) with line positions. */
export interface NativeToml {
  value: Record<string, unknown>;
  /** The line that sets a top-level key, or opens the table of a key path. */
  positionOf(path: (string | number)[]): Position;
}

export function parseNativeToml(
  file: string,
  text: string,
): { toml?: NativeToml; problems: MarkdownProblem[] } {
  let value: Record<string, unknown>;
  try {
    value = parseToml(text);
  } catch (error) {
    const at =
      error instanceof TomlError ? { line: error.line, column: error.column } : { line: 1, column: 1 };
    const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
    return { problems: [{ position: { file, ...at }, message: `malformed TOML: ${reason}` }] };
  }
  const lines = text.split(/\r?\n/);
  return {
    toml: { value, positionOf: (path) => ({ file, line: lineOf(lines, path), column: 1 }) },
    problems: [],
  };
}

/** The first line naming the path: its table header `[a."b"]`, else a line setting its last key. */
function lineOf(lines: string[], path: (string | number)[]): number {
  const keys = path.map(String);
  const table = lines.findIndex(
    (line) => line.trim().startsWith("[") && readHeader(line.trim()).path?.join("\0") === keys.join("\0"),
  );
  if (table >= 0) return table + 1;
  const last = keys.at(-1) ?? "";
  const key = lines.findIndex((line) => new RegExp(`^\\s*"?${escaped(last)}"?\\s*=`).test(line));
  return key >= 0 ? key + 1 : 1;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
