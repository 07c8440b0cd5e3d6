import { groupFile } from "../../../diagnostics/diagnostic.js";
import { parseYamlBlock } from "../../../documents/yaml-frontmatter.js";
import { closingFenceAt, isFrontmatterFence } from "../../../shared/frontmatter-fence.js";
import { parseNativeMarkdown } from "./native-markdown.js";

/** A top-level `key: value` line, as the recovering reader matches it (keys without digits, as there). */
const topLevelLine = /^([a-zA-Z_-]+):\s+(\S.*)$/;

/** Characters that make YAML read a plain value as syntax: what the recovering reader quotes. */
const yamlSyntax = /[{}[\]*&#!|>%@`]|: /;

/** One line of the block as recovered: its 1-based line in the file, why, and the line it becomes. */
export interface RecoveredLine {
  line: number;
  /** The value holds ": ", other YAML syntax, or the line is indented with tabs. */
  reason: "colon" | "syntax" | "tab";
  /** The key of a quoted value. */
  key?: string;
  text: string;
}

export interface RecoveredFrontmatter {
  /** The file's text with the recovered frontmatter block; every line stays on its line. */
  text: string;
  lines: RecoveredLine[];
}

/**
 * The frontmatter an item file's reader recovers when YAML refuses the block (docs/import.md, "It reads
 * frontmatter as the client does"): each top-level one-line value holding YAML syntax that is not already
 * quoted or a flow list is taken as a double-quoted string of its text, and indenting tabs become two spaces
 * each. Fields read `asWritten` (raw and lenient fields, cut out of the YAML before it is parsed) stay as they
 * are. Undefined when that changes nothing, so the block stays unreadable.
 */
export function recoveredFrontmatter(
  text: string,
  asWritten: readonly string[] = [],
): RecoveredFrontmatter | undefined {
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const close = closingFenceAt(lines);
  if (!isFrontmatterFence(lines[0]) || close < 0) return undefined;
  const recovered: RecoveredLine[] = [];
  for (let index = 1; index < close; index++) {
    const line = lines[index] as string;
    const value = quotedValue(line, asWritten);
    const written = value
      ? `${value.key}: "${value.text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`
      : line.replace(/^\t+/, (indent) => "  ".repeat(indent.length));
    if (written === line) continue;
    lines[index] = written;
    const reason = !value ? "tab" : value.text.includes(": ") ? "colon" : "syntax";
    recovered.push({ line: index + 1, reason, ...(value ? { key: value.key } : {}), text: written });
  }
  return recovered.length === 0 ? undefined : { text: lines.join("\n"), lines: recovered };
}

/**
 * The file's frontmatter as YAML (fields `raw` read as written, `lenient` as YAML where they are YAML), or where
 * YAML refuses it, as recovered (`recovered` then says what was read differently); else YAML's problems.
 */
export function parseRecovering(
  path: string,
  text: string,
  raw: readonly string[] = [],
  lenient: readonly string[] = [],
): ReturnType<typeof parseNativeMarkdown> & { recovered?: RecoveredFrontmatter } {
  const strict = parseNativeMarkdown(path, text, raw, lenient);
  if (strict.markdown) return strict;
  const recovered = recoveredFrontmatter(text, [...raw, ...lenient]);
  const again = recovered && parseNativeMarkdown(path, recovered.text, raw, lenient);
  return recovered && again?.markdown ? { ...again, recovered } : strict;
}

function quotedValue(line: string, asWritten: readonly string[]): { key: string; text: string } | undefined {
  const [, key, text] = topLevelLine.exec(line) ?? [];
  if (key === undefined || text === undefined || asWritten.includes(key)) return undefined;
  if (/^(".*"|'.*')$/.test(text) || isFlowList(text) || !yamlSyntax.test(text)) return undefined;
  return { key, text };
}

function isFlowList(text: string): boolean {
  if (!text.startsWith("[") || !text.endsWith("]")) return false;
  const { parsed } = parseYamlBlock("", `value: ${text}`, 1);
  return Array.isArray(parsed?.value.value);
}

/** The info import gives at a file whose frontmatter was recovered: what was read differently from YAML. */
export function recoveryMessage(path: string, { lines }: RecoveredFrontmatter): string {
  const keys = (reason: RecoveredLine["reason"]) =>
    lines.flatMap((line) => (line.reason === reason && line.key ? [line.key] : []));
  const holding = (found: string[], what: string) =>
    found.length === 0
      ? []
      : [`${found.join(", ")} ${found.length === 1 ? "holds" : "hold"} ${what} unquoted`];
  const values = [
    ...holding(keys("colon"), '": "'),
    ...holding(keys("syntax"), "characters YAML reads as syntax"),
  ];
  const words = [
    ...(values.length > 0
      ? [`${values.join(", ")}: each such one-line value is read as the text after its key`]
      : []),
    ...(lines.some((line) => line.reason === "tab")
      ? ["lines indented with tabs are read as indented with two spaces per tab"]
      : []),
  ];
  return `${path} has frontmatter YAML refuses: ${words.join("; ")}`;
}

/** The one-line summary of such infos, when several files have them. */
export const recoverySummary = `${groupFile} has frontmatter YAML refuses, read as its assistant recovers it`;
