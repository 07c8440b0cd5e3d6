import { closingFenceAt, isFrontmatterFence } from "../../../shared/frontmatter-fence.js";
import { parseNativeMarkdown } from "./native-markdown.js";
import { normalised } from "./native-text.js";
import { parseNativeToml } from "./native-toml.js";
import { adjusted, type ItemReadContext, nativeText, start, unreadable } from "./read-context.js";
import type { ItemFile } from "./read-fields.js";

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
 * The frontmatter as YAML; where YAML refuses it only because one-line values hold ": " (an agent description
 * with `Context:` and `user:` examples, as an assistant's own agent wizard writes them), those values are read
 * as the text after "key:", as that assistant's reader recovers them; a value continued on unindented lines
 * is not recovered there either, so it stays unreadable (docs/import.md, "It reads frontmatter as the client
 * does", with the sources).
 */
function markdownItem(
  ctx: ItemReadContext,
  path: string,
  text: string,
): ReturnType<typeof parseNativeMarkdown> {
  const strict = parseNativeMarkdown(path, text);
  if (strict.markdown) return strict;
  const lines = frontmatterLines(text);
  const oneLine = /^([A-Za-z_][A-Za-z0-9_-]*):[ \t]+(\S.*)$/;
  const blankOrComment = (line: string) => line.trim() === "" || /^\s*#/.test(line);
  if (!lines?.every((line) => blankOrComment(line) || oneLine.test(line) || /^[A-Za-z_][\w-]*:$/.test(line)))
    return strict;
  const colons = lines.flatMap((line) => {
    const match = oneLine.exec(line);
    return match?.[1] && match[2]?.includes(": ") ? [match[1]] : [];
  });
  const lenient = colons.length > 0 ? parseNativeMarkdown(path, text, colons) : strict;
  if (!lenient.markdown) return strict;
  adjusted(
    ctx,
    start(path),
    `${path} has frontmatter YAML refuses (${colons.join(", ")} holds ": " unquoted): each such one-line value is read as the text after its key`,
    "has one-line frontmatter values YAML refuses, read as their text",
  );
  return lenient;
}

function frontmatterLines(text: string): string[] | undefined {
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const close = closingFenceAt(lines);
  return isFrontmatterFence(lines[0]) && close > 0 ? lines.slice(1, close) : undefined;
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
