/** Lines compared at most; past it the diff is not shown (the files are named instead). */
const maxLines = 2000;

/**
 * A unified-style diff of two texts, line by line (longest common subsequence), with every line shown:
 * ` ` both, `-` only in `from`, `+` only in `to` (a changed line: its `-` before its `+`). Undefined when
 * either text is too long to compare here.
 */
export function lineDiff(from: string, to: string): string[] | undefined {
  const a = splitLines(from);
  const b = splitLines(to);
  if (a.length > maxLines || b.length > maxLines) return undefined;
  const common = commonLengths(a, b);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`  ${a[i]}`);
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || at(common, i + 1, j) >= at(common, i, j + 1))) {
      out.push(`- ${a[i]}`);
      i++;
    } else {
      out.push(`+ ${b[j]}`);
      j++;
    }
  }
  return out;
}

/** common[i][j]: the length of the longest common subsequence of a[i..] and b[j..]. */
function commonLengths(a: string[], b: string[]): number[][] {
  const common = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      (common[i] as number[])[j] =
        a[i] === b[j] ? at(common, i + 1, j + 1) + 1 : Math.max(at(common, i + 1, j), at(common, i, j + 1));
  return common;
}

const at = (table: number[][], i: number, j: number): number => table[i]?.[j] ?? 0;

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
