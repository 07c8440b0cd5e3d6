import type { parseNativeMarkdown } from "./native-markdown.js";
import { normalised } from "./native-text.js";
import { parseNativeToml } from "./native-toml.js";
import { adjusted, type ItemReadContext, nativeText, start, unreadable } from "./read-context.js";
import type { ItemFile } from "./read-fields.js";
import { parseRecovering, recoveryMessage, recoverySummary } from "./recovered-frontmatter.js";

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
  const parsed = parseRecovering(path, text);
  if (parsed.recovered) adjusted(ctx, start(path), recoveryMessage(path, parsed.recovered), recoverySummary);
  return parsed;
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
