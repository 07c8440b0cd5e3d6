/** A whole-word occurrence of a term in a text: 0-based line index, 1-based column. */
export interface WordHit {
  term: string;
  line: number;
  column: number;
  matched: string;
}

const wordChar = "[\\p{L}\\p{N}_-]";

/** The pattern of a term as a whole word: case-insensitive, spaces inside a phrase match any run of blanks. */
export function wholeWordPattern(term: string): RegExp {
  const words = term.trim().split(/\s+/).map(escapeRegExp);
  return new RegExp(`(?<!${wordChar})${words.join("[ \\t]+")}(?!${wordChar})`, "giu");
}

/** Every occurrence of every term, in text order. Terms that are empty after trimming are ignored. */
export function findWholeWords(text: string, terms: readonly string[]): WordHit[] {
  const patterns = terms
    .filter((t) => t.trim() !== "")
    .map((term) => ({ term, pattern: wholeWordPattern(term) }));
  const hits: WordHit[] = [];
  for (const [line, content] of text.split("\n").entries()) {
    for (const { term, pattern } of patterns) {
      for (const match of content.matchAll(pattern)) {
        hits.push({ term, line, column: (match.index ?? 0) + 1, matched: match[0] });
      }
    }
  }
  return hits.sort((a, b) => a.line - b.line || a.column - b.column);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
