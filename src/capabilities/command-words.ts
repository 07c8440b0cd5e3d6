/**
 * A hook command split into argv without a shell: words are separated by spaces and tabs; '...' keeps its
 * text as is, "..." too except \" and \\; quoted parts join the text next to them ("a"'b'c is one word).
 */
export type CommandWords = { ok: true; words: [string, ...string[]] } | { ok: false; problem: string };

interface Quoted {
  text: string;
  /** the index after the closing quote */
  end: number;
}

export function commandWords(command: string): CommandWords {
  if (command.includes("\u0000")) return { ok: false, problem: "holds a NUL character" };
  const words: string[] = [];
  let word: string | undefined;
  let at = 0;
  while (at < command.length) {
    const char = command[at] as string;
    if (char === " " || char === "\t") {
      if (word !== undefined) words.push(word);
      word = undefined;
      at += 1;
    } else if (char === "'" || char === '"') {
      const quoted = readQuoted(command, at);
      if (!quoted) return { ok: false, problem: `has an unbalanced ${char} quote at column ${at + 1}` };
      word = (word ?? "") + quoted.text;
      at = quoted.end;
    } else {
      word = (word ?? "") + char;
      at += 1;
    }
  }
  if (word !== undefined) words.push(word);
  const [first, ...rest] = words;
  return first === undefined ? { ok: false, problem: "is empty" } : { ok: true, words: [first, ...rest] };
}

function readQuoted(command: string, start: number): Quoted | undefined {
  const quote = command[start];
  let text = "";
  let at = start + 1;
  while (at < command.length) {
    const char = command[at] as string;
    const next = command[at + 1];
    if (char === quote) return { text, end: at + 1 };
    if (quote === '"' && char === "\\" && (next === '"' || next === "\\")) {
      text += next;
      at += 2;
    } else {
      text += char;
      at += 1;
    }
  }
  return undefined;
}
