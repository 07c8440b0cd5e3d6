import type { Position } from "../../../diagnostics/diagnostic.js";
import { rawFieldValues } from "../../../documents/raw-fields.js";
import { type ParsedYaml, parseYamlBlock } from "../../../documents/yaml-frontmatter.js";
import { closingFenceAt, isFrontmatterFence } from "../../../shared/frontmatter-fence.js";

/** A native Markdown file: its frontmatter values with positions, and the text below it. */
export interface NativeMarkdown {
  file: string;
  /** Frontmatter values by key; a raw field holds the text after "key:" as written. */
  values: Record<string, unknown>;
  /** Where a key is written (line 1 when the file has no such key). */
  positionOf(key: string, part?: "key" | "value"): Position;
  hasFrontmatter: boolean;
  body: string;
  /** 1-based line of the body's first line. */
  bodyLine: number;
}

export interface MarkdownProblem {
  position: Position;
  message: string;
}

/**
 * Splits a native file at its `---` frontmatter block. Fields listed in `rawFields` are taken as the text
 * after "key:", because their clients read them that way and a YAML reader rejects some of them
 * (an unquoted `globs: **\/*.ts` would be a YAML alias); the rest is YAML with positions. `lenientFields`
 * are read as YAML where they are YAML and as written where they are not (`paths: *.ts`), so that one such
 * field does not make the whole file unreadable.
 */
export function parseNativeMarkdown(
  file: string,
  text: string,
  rawFields: readonly string[] = [],
  lenientFields: readonly string[] = [],
): { markdown?: NativeMarkdown; problems: MarkdownProblem[] } {
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  if (!isFrontmatterFence(lines[0])) return { markdown: withoutFrontmatter(file, lines), problems: [] };
  const closeAt = closingFenceAt(lines);
  if (closeAt < 0)
    return {
      problems: [{ position: { file, line: 1, column: 1 }, message: "frontmatter block is never closed" }],
    };
  const raw = rawFieldValues(file, lines.slice(1, closeAt), [...rawFields, ...lenientFields]);
  const { parsed, errors } = parseYamlBlock(file, raw.yamlLines.join("\n"), 2);
  if (!parsed) return { problems: errors };
  const lenient = Object.entries(raw.values).flatMap(([key, value]) =>
    lenientFields.includes(key) && !rawFields.includes(key) ? [[key, asYaml(value)]] : [],
  );
  return {
    markdown: {
      file,
      values: { ...parsed.value, ...raw.values, ...Object.fromEntries(lenient) },
      positionOf: (key, part = "key") => raw.positions.get(key) ?? yamlPosition(parsed, key, part),
      hasFrontmatter: true,
      body: lines.slice(closeAt + 1).join("\n"),
      bodyLine: closeAt + 2,
    },
    problems: [],
  };
}

/** A lenient field's text as YAML reads it, when it does (`"**"`, a list); else as written (`*.ts`, `- *.ts`). */
function asYaml(text: string): unknown {
  const lines = text.trim().split("\n");
  const field = lines.length > 1 ? `value:\n${lines.map((l) => `  ${l}`).join("\n")}` : `value: ${lines[0]}`;
  const { parsed, errors } = parseYamlBlock("", field, 1);
  return errors.length > 0 || !parsed ? text : parsed.value.value;
}

function withoutFrontmatter(file: string, lines: string[]): NativeMarkdown {
  return {
    file,
    values: {},
    positionOf: () => ({ file, line: 1, column: 1 }),
    hasFrontmatter: false,
    body: lines.join("\n"),
    bodyLine: 1,
  };
}

function yamlPosition(parsed: ParsedYaml, key: string, part: "key" | "value"): Position {
  return parsed.positionOf([key], part);
}
