/** "(1) ", "(2) ": where a numbered limit starts in prose. */
const limitMarker = /\((\d+)\)\s+/g;

/** The end of a sentence: a full stop before a capital letter (made on first use: see whole-words.ts). */
let sentenceEnd: RegExp | undefined;

/**
 * Seed 001's skill_permissions_ersatz as a list of limits: each "(n) …" up to the next marker, the last
 * one up to the end of its first sentence (the prose goes on about other things). Prose without markers
 * is one limit, as written.
 */
export function denyLimits(prose: string): string[] {
  const starts = [...prose.matchAll(limitMarker)];
  if (starts.length === 0) return [prose.trim()];
  return starts.map((start, i) => {
    const from = (start.index ?? 0) + start[0].length;
    const next = starts[i + 1]?.index;
    if (next !== undefined) return prose.slice(from, next).trim();
    const rest = prose.slice(from);
    sentenceEnd ??= /\.\s+(?=\p{Lu})/u;
    const end = sentenceEnd.exec(rest);
    return (end ? rest.slice(0, end.index + 1) : rest).trim();
  });
}
