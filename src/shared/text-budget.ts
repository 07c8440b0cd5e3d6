/**
 * How much always-on text costs: the budget profiles of adapters (AGC026) and the default limit of what a
 * client loads into every session (AGC090). Shared by the checks and by the installer, which holds a
 * person's instruction files with agentc's block composed in to the same numbers.
 */
export const budgetProfiles = {
  global: { maxLines: 100, maxWordsExclusive: 200 },
  scoped: { maxLines: 80, maxWordsExclusive: Number.POSITIVE_INFINITY },
} as const;

export const defaultAlwaysLoadedLimit = 40_000;

export function countLines(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** countLines of the UTF-8 text, without decoding it (a newline byte is never part of another character). */
export function countLinesOfBytes(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  // As latin1 text (one character per byte, copied natively), searched with the string's indexOf: a third
  // of the time of a loop over the bytes or of Buffer's indexOf per line (docs/benchmark.md, change 42).
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const text = buffer.toString("latin1");
  let newlines = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) newlines++;
  return newlines + 1 - (bytes[bytes.length - 1] === 0x0a ? 1 : 0);
}

/** Words: runs of non-space holding a letter or a digit, of any script. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(isWord).length;
}

/**
 * `/[\p{L}\p{N}]/u.test(word)`, asked of the Unicode classes only for a word that holds characters
 * beyond ASCII and no ASCII letter or digit (within ASCII, those are the only letters and numbers).
 * Compiling the two classes costs some 6 M instructions, more than a whole small build's word counts;
 * most texts never need them (docs/benchmark.md, change 52).
 */
function isWord(word: string): boolean {
  return asciiLetterOrDigit.test(word) || (beyondAscii.test(word) && letterOrNumber.test(word));
}

const asciiLetterOrDigit = /[A-Za-z0-9]/;
const beyondAscii = /[\u0080-\uffff]/;
const letterOrNumber = /[\p{L}\p{N}]/u;
