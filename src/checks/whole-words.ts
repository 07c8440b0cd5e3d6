/** A whole-word occurrence of a term in a text: 0-based line index, 1-based column. */
export interface WordHit {
  term: string;
  line: number;
  column: number;
  matched: string;
}

const asciiWordChar = /^[A-Za-z0-9_-]$/;
/** Compiled on the first non-ASCII neighbour only: Unicode property classes cost ICU set-up (~10 ms). */
let unicodeWordChar: RegExp | undefined;

/** A letter, digit, '_' or '-': a neighbour that makes a match part of a longer word. */
function isWordChar(char: string | undefined): boolean {
  if (char === undefined) return false;
  if (char.charCodeAt(0) < 0x80) return asciiWordChar.test(char);
  unicodeWordChar ??= /^[\p{L}\p{N}_-]$/u;
  return unicodeWordChar.test(char);
}

function codePointAt(text: string, index: number): string | undefined {
  const code = text.codePointAt(index);
  return code === undefined ? undefined : String.fromCodePoint(code);
}

function codePointBefore(text: string, index: number): string | undefined {
  if (index === 0) return undefined;
  const pair = index >= 2 ? text.slice(index - 2, index) : "";
  return pair.length === 2 && pair.codePointAt(0) !== pair.charCodeAt(0) ? pair : text[index - 1];
}

/** A term as a pattern: case-insensitive, spaces inside a phrase match any run of blanks. */
function termPattern(term: string): RegExp {
  const words = term.trim().split(/\s+/).map(escapeRegExp);
  return new RegExp(words.join("[ \\t]+"), "giu");
}

/** Matches of pattern in line with no word character just before or after; a rejected start moves on by one. */
function* wholeWordMatches(line: string, pattern: RegExp): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(line); match; match = pattern.exec(line)) {
    const end = match.index + match[0].length;
    if (!isWordChar(codePointBefore(line, match.index)) && !isWordChar(codePointAt(line, end))) {
      yield match;
    } else {
      pattern.lastIndex = match.index + (codePointAt(line, match.index)?.length ?? 1);
    }
  }
}

/** Every occurrence of every term, in text order. Terms that are empty after trimming are ignored. */
export function findWholeWords(text: string, terms: readonly string[]): WordHit[] {
  const patterns = terms.filter((t) => t.trim() !== "").map((term) => ({ term, pattern: termPattern(term) }));
  const hits: WordHit[] = [];
  for (const [line, content] of text.split("\n").entries()) {
    for (const { term, pattern } of patterns) {
      for (const match of wholeWordMatches(content, pattern)) {
        hits.push({ term, line, column: match.index + 1, matched: match[0] });
      }
    }
  }
  return hits.sort((a, b) => a.line - b.line || a.column - b.column);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
