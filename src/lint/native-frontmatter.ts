import type { ClientPack } from "../clients/model.js";
import { type NativeMarkdown, parseNativeMarkdown } from "../import/native-markdown.js";
import type { ProjectTree } from "../session-load/index.js";

/** Every globs field a client's rule folder reads, of every pack: the names a person may mix up. */
export function globsFields(packs: readonly ClientPack[]): string[] {
  const fields = packs.flatMap((pack) => (pack.reads?.rules ?? []).flatMap((r) => r.globs_field ?? []));
  return [...new Set(fields)].sort();
}

/**
 * A native Markdown file's frontmatter with positions, read by import's reader: the pack's raw fields as
 * written, the globs fields leniently (`paths: *.ts` stays readable); undefined when unreadable (AGC127 says so).
 */
export function nativeMarkdown(
  tree: ProjectTree,
  path: string,
  pack: ClientPack,
  lenient: readonly string[],
): NativeMarkdown | undefined {
  const text = tree.text(path);
  if (text === undefined) return undefined;
  return parseNativeMarkdown(path, text, pack.rule_triggers?.raw_fields ?? [], lenient).markdown;
}

/** The lines of a file's frontmatter block, 1-based numbers with their text; empty without one. */
export function frontmatterLines(text: string): { line: number; text: string }[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines[0] !== "---") return [];
  const close = lines.indexOf("---", 1);
  if (close < 0) return [];
  return lines.slice(1, close).map((t, i) => ({ line: i + 2, text: t }));
}
