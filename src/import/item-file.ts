import { parseNativeMarkdown } from "./native-markdown.js";
import { normalised } from "./native-text.js";
import { parseNativeToml } from "./native-toml.js";
import { nativeText, type ReadContext, unreadable } from "./read-context.js";
import type { ItemFile } from "./reverse-fields.js";

/**
 * A native skill, agent or command file: Markdown with frontmatter, or TOML with the body under
 * `bodyField`; undefined (and reported) when it cannot be read or parsed.
 */
export function readItemFile(
  ctx: ReadContext,
  path: string,
  format: "markdown" | "toml",
  bodyField = "prompt",
): ItemFile | undefined {
  const read = nativeText(ctx, path);
  if (!read) return undefined;
  if (format === "toml") return tomlItem(ctx, path, read.text, bodyField);
  const { markdown, problems } = parseNativeMarkdown(path, read.text);
  for (const problem of problems) unreadable(ctx, problem.position, `${path}: ${problem.message}`);
  if (!markdown) return undefined;
  return {
    file: path,
    values: markdown.values,
    positionOf: (key) => markdown.positionOf(key),
    body: markdown.body,
  };
}

function tomlItem(ctx: ReadContext, path: string, text: string, bodyField: string): ItemFile | undefined {
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
