import type { ClientPack } from "../clients/model.js";
import { type NativeMarkdown, parseNativeMarkdown } from "../packs/shared/items/native-markdown.js";
import type { ProjectTree } from "../session-load/index.js";
import { closingFenceAt, isFrontmatterFence } from "../shared/frontmatter-fence.js";

/** Every globs field a client's rule folder reads, of every pack: the names a person may mix up. */
export function globsFields(packs: readonly ClientPack[]): string[] {
  const fields = packs.flatMap((pack) => (pack.reads?.rules ?? []).flatMap((r) => r.globs_field ?? []));
  return [...new Set(fields)].sort();
}

/** Reads native Markdown files for one lint run. */
export type MarkdownReader = (path: string, pack: ClientPack) => NativeMarkdown | undefined;

/**
 * A native Markdown file's frontmatter with positions, read by import's reader: the pack's raw fields as
 * written, every client's globs fields leniently (`paths: *.ts` stays readable); undefined when unreadable
 * (AGC127 says so). Each file is parsed once per set of raw fields.
 */
export function markdownReader(tree: ProjectTree, packs: readonly ClientPack[]): MarkdownReader {
  const lenient = globsFields(packs);
  const parsed = new Map<string, NativeMarkdown | undefined>();
  return (path, pack) => {
    const raw = pack.rule_triggers?.raw_fields ?? [];
    const key = `${raw.join(",")}\0${path}`;
    if (parsed.has(key)) return parsed.get(key);
    const text = tree.text(path);
    // Leniently only when YAML refuses the block: the lenient read parses each such field again.
    const markdown =
      text === undefined
        ? undefined
        : (parseNativeMarkdown(path, text, raw).markdown ??
          parseNativeMarkdown(path, text, raw, lenient).markdown);
    parsed.set(key, markdown);
    return markdown;
  };
}

/** The lines of a file's frontmatter block, 1-based numbers with their text; empty without one. */
export function frontmatterLines(text: string): { line: number; text: string }[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (!isFrontmatterFence(lines[0])) return [];
  const close = closingFenceAt(lines);
  if (close < 0) return [];
  return lines.slice(1, close).map((t, i) => ({ line: i + 2, text: t }));
}
