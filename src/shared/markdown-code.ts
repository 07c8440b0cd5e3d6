/** Text helpers for Markdown read by assistants: code blanked out, literal text in a pattern. */

/** Fenced code blocks blanked, line lengths and newlines kept. */
export function maskFencedCode(text: string): string {
  let fence: string | undefined;
  return text
    .split("\n")
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined && marker) fence = marker;
      else if (fence !== undefined && marker?.startsWith(fence)) fence = undefined;
      else if (fence === undefined) return line;
      return " ".repeat(line.length);
    })
    .join("\n");
}

/** Fenced blocks and inline code spans blanked, lengths and newlines kept (linear: no backreference). */
export function maskCode(text: string): string {
  return maskFencedCode(text).replace(/`[^`\n]*`/g, (span) => " ".repeat(span.length));
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
