import type { Diagnostic } from "./diagnostic.js";

/** How many diagnostics of one check in one file a report lists before it counts the rest. */
export const repeatsListed = 100;

/**
 * A registry that says one wrong thing thousands of times (5,000 trigger keys without a router row) is
 * reported with the first `repeatsListed` diagnostics of each check in each file, then one diagnostic in
 * place of the next that counts the rest, so every report stays readable and bounded. Client limits
 * (`loss`) are never folded: each is a fact the matrix lists.
 */
export function capRepeats(sorted: readonly Diagnostic[]): Diagnostic[] {
  const counts = new Map<string, number>();
  for (const d of sorted) if (!d.loss) counts.set(keyOf(d), (counts.get(keyOf(d)) ?? 0) + 1);
  const seen = new Map<string, number>();
  const out: Diagnostic[] = [];
  for (const d of sorted) {
    if (d.loss) {
      out.push(d);
      continue;
    }
    const key = keyOf(d);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n <= repeatsListed) out.push(d);
    else if (n === repeatsListed + 1) out.push(folded(d, (counts.get(key) ?? n) - repeatsListed));
  }
  return out;
}

const keyOf = (d: Diagnostic): string => `${d.id}\0${d.file}`;

function folded(first: Diagnostic, more: number): Diagnostic {
  const { related: _related, endLine: _endLine, endColumn: _endColumn, ...at } = first;
  return {
    ...at,
    message: `and ${more} more ${first.id} findings in ${first.file}, from here on (the first ${repeatsListed} are listed above); this one is: ${first.message}`,
  };
}
