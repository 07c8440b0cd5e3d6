import { parseNativeMarkdown } from "./native-markdown.js";
import { normalised } from "./native-text.js";
import { parseNativeToml } from "./native-toml.js";
import { adjusted, type ItemReadContext, nativeText, start, unreadable } from "./read-context.js";
import type { ItemFile } from "./read-fields.js";
import { type RecoveredFrontmatter, recoveredFrontmatter } from "./recovered-frontmatter.js";

/**
 * A native skill, agent or command file: Markdown with frontmatter, or TOML with the body under
 * `bodyField`; undefined (and reported) when it cannot be read or parsed.
 */
export function readItemFile(
  ctx: ItemReadContext,
  path: string,
  format: "markdown" | "toml",
  bodyField = "prompt",
): ItemFile | undefined {
  const read = nativeText(ctx, path);
  if (!read) return undefined;
  if (format === "toml") return tomlItem(ctx, path, read.text, bodyField);
  const { markdown, problems } = markdownItem(ctx, path, read.text);
  for (const problem of problems) unreadable(ctx, problem.position, `${path}: ${problem.message}`);
  if (!markdown) return undefined;
  return {
    file: path,
    values: markdown.values,
    positionOf: (key) => markdown.positionOf(key),
    body: markdown.body,
  };
}

/**
 * The frontmatter as YAML; where YAML refuses it, as the reader of the assistant whose agent wizard writes
 * such files recovers it (recovered-frontmatter.ts): an agent description with `Context:` and `user:`
 * examples on one unquoted line, beside nested fields too, is read as its text; a value continued on
 * unindented lines is not recovered there either, so it stays unreadable (docs/import.md, "It reads
 * frontmatter as the client does", with the sources).
 */
function markdownItem(
  ctx: ItemReadContext,
  path: string,
  text: string,
): ReturnType<typeof parseNativeMarkdown> {
  const strict = parseNativeMarkdown(path, text);
  if (strict.markdown) return strict;
  const recovered = recoveredFrontmatter(text);
  const lenient = recovered && parseNativeMarkdown(path, recovered.text);
  if (!recovered || !lenient?.markdown) return strict;
  adjusted(
    ctx,
    start(path),
    `${path} has frontmatter YAML refuses: ${recoveryWords(recovered)}`,
    recoverySummary,
  );
  return lenient;
}

const recoverySummary = "has frontmatter YAML refuses, read as its assistant recovers it";

function recoveryWords({ colons, syntax, tabs }: RecoveredFrontmatter): string {
  const holding = (keys: string[], what: string) =>
    keys.length === 0 ? [] : [`${keys.join(", ")} ${keys.length === 1 ? "holds" : "hold"} ${what} unquoted`];
  const values = [...holding(colons, '": "'), ...holding(syntax, "characters YAML reads as syntax")];
  return [
    ...(values.length > 0
      ? [`${values.join(", ")}: each such one-line value is read as the text after its key`]
      : []),
    ...(tabs ? ["lines indented with tabs are read as indented with two spaces per tab"] : []),
  ].join("; ");
}

function tomlItem(ctx: ItemReadContext, path: string, text: string, bodyField: string): ItemFile | undefined {
  const { toml, problems } = parseNativeToml(path, text);
  for (const problem of problems) unreadable(ctx, problem.position, `${path}: ${problem.message}`);
  if (!toml) return undefined;
  const { [bodyField]: body, ...values } = toml.value;
  return {
    file: path,
    values,
    positionOf: (key) => toml.positionOf([key]),
    body: typeof body === "string" ? normalised(body) : "",
  };
}
