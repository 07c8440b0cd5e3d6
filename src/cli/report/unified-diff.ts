import { lineDiff } from "./line-diff.js";

/** Lines of context around each change, as `diff -u` shows. */
const context = 3;

/**
 * A unified diff (`--- a/file`, `+++ b/file`, `@@` hunks) of one file's two texts, as `git apply` and
 * `patch -p1` take it; a note instead when the file is too long to compare here.
 */
export function unifiedDiff(file: string, before: string, after: string): string {
  const lines = lineDiff(before, after);
  if (!lines) return `--- a/${file}\n+++ b/${file}\n(too long to show; the file changes)`;
  const marked = lines.map((l) => ({ sign: l[0] === " " ? " " : (l[0] as "-" | "+"), text: l.slice(2) }));
  const changed = marked.flatMap((l, i) => (l.sign === " " ? [] : [i]));
  const hunks: [number, number][] = [];
  for (const i of changed) {
    const last = hunks.at(-1);
    const from = Math.max(0, i - context);
    const to = Math.min(marked.length, i + context + 1);
    if (last && from <= last[1]) last[1] = to;
    else hunks.push([from, to]);
  }
  const out = [`--- a/${file}`, `+++ b/${file}`];
  for (const [from, to] of hunks) {
    const before = marked.slice(0, from);
    const oldStart = before.filter((l) => l.sign !== "+").length + 1;
    const newStart = before.filter((l) => l.sign !== "-").length + 1;
    const body = marked.slice(from, to);
    const oldCount = body.filter((l) => l.sign !== "+").length;
    const newCount = body.filter((l) => l.sign !== "-").length;
    out.push(
      `@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`,
      ...body.map((l) => `${l.sign}${l.text}`),
    );
  }
  return out.join("\n");
}
