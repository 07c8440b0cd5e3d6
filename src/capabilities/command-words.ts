/** A command string split as the installer runs it: on spaces and tabs, with '…' and "…" quoting, no shell. */
export interface CommandWords {
  words: string[];
  /** A quote opened and never closed. */
  unterminated: boolean;
}

export function commandWords(command: string): CommandWords {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: string | undefined;
  for (const char of command) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === " " || char === "\t") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return { words, unterminated: quote !== undefined };
}
