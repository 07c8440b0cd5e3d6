/**
 * The manifest's flat list lines, "a :: b :: c" (SPEC §1): one list element per line, fields joined by
 * " :: ", so a line-based reader can take them apart. Every reader and writer of such lines uses these.
 */
export const pairSeparator = " :: ";

export function pair(...parts: string[]): string {
  return parts.join(pairSeparator);
}

/** Exactly `count` parts, the last keeping any rest ("a :: b :: c" in 2: "a", "b :: c"); undefined with fewer. */
export function splitLine(line: string, count: number): string[] | undefined {
  const parts: string[] = [];
  let start = 0;
  while (parts.length < count - 1) {
    const at = line.indexOf(pairSeparator, start);
    if (at === -1) return undefined;
    parts.push(line.slice(start, at));
    start = at + pairSeparator.length;
  }
  parts.push(line.slice(start));
  return parts;
}

/** Every part: a line with n separators has n + 1 (a line without one is one part). */
export function lineParts(line: string): string[] {
  return line.split(pairSeparator);
}

/** The text before and after the last separator, for lines whose first field may hold one; undefined without. */
export function splitAtLast(line: string): [string, string] | undefined {
  const at = line.lastIndexOf(pairSeparator);
  return at < 0 ? undefined : [line.slice(0, at), line.slice(at + pairSeparator.length)];
}
