import { sha256 } from "../../shared/hash.js";

/**
 * agentc's marked block inside a file a person wrote (an always-on instruction file): the person's
 * bytes stay as they are, around it. The record keeps the hash of exactly the bytes agentc inserted (the
 * separator before the block included), so the block can be replaced or taken out again without touching a
 * neighbouring byte, and an edit inside it is noticed.
 */
export const blockBegin = "<!-- agentc:begin (written by agentc install; agentc uninstall removes it) -->\n";
export const blockEnd = "<!-- agentc:end -->\n";

/** Where agentc's block lies in a text: [start, end) of the inserted bytes. */
export interface BlockSpan {
  start: number;
  end: number;
  /** the blank-line separator agentc put before the block */
  separator: string;
}

const separators = ["\n\n", "\n", ""];

/** The bytes inserted for `body` after text ending as `before` does. */
export function blockBytes(body: string, separator: string): string {
  const ended = body === "" || body.endsWith("\n") ? body : `${body}\n`;
  return `${separator}${blockBegin}${ended}${blockEnd}`;
}

/** The separator that puts the block one blank line below the person's text (none in an empty file). */
export function separatorAfter(text: string): string {
  if (text === "") return "";
  return text.endsWith("\n") ? "\n" : "\n\n";
}

/** The person's text with the block appended below it. */
export function appendBlock(text: string, body: string): { text: string; inserted: string } {
  const inserted = blockBytes(body, separatorAfter(text));
  return { text: text + inserted, inserted };
}

/** agentc's block as it inserted it (its bytes hash to `recorded`), wherever the person's text has moved it. */
export function findBlock(text: string, recorded: string): BlockSpan | undefined {
  for (let at = text.indexOf(blockBegin); at >= 0; at = text.indexOf(blockBegin, at + 1)) {
    const close = text.indexOf(blockEnd, at + blockBegin.length);
    if (close < 0) return undefined;
    const end = close + blockEnd.length;
    for (const separator of separators) {
      const start = at - separator.length;
      if (start < 0 || text.slice(start, at) !== separator) continue;
      if (sha256(text.slice(start, end)) === recorded) return { start, end, separator };
    }
  }
  return undefined;
}

/** Whether the text holds a begin marker at all (an edited block, or one copied in by hand). */
export function hasBlockMarker(text: string): boolean {
  return text.includes(blockBegin);
}

/** The text with the block's bytes replaced by a block of `body` (same separator). */
export function replaceBlock(
  text: string,
  span: BlockSpan,
  body: string,
): { text: string; inserted: string } {
  const inserted = blockBytes(body, span.separator);
  return { text: text.slice(0, span.start) + inserted + text.slice(span.end), inserted };
}

/**
 * The text without agentc's bytes: what the person had, with what they added around it since. A line added
 * below the block starts a line of its own; where the person's text above had no final newline, one is kept
 * between them, so that the two lines are not joined into one.
 */
export function removeBlock(text: string, span: BlockSpan): string {
  const before = text.slice(0, span.start);
  const after = text.slice(span.end);
  const joined = before !== "" && after !== "" && !before.endsWith("\n") && !after.startsWith("\n");
  return joined ? `${before}\n${after}` : before + after;
}
