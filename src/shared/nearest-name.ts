/**
 * The candidate a misspelt or shortened name most likely means, for "did you mean": the one fewest edits
 * away (at most two, and fewer than half the name's length: "nope" is not a typo of "core"), else the
 * shortest that starts with the name ("hook" → "hook-timeout"), else the shortest that holds it
 * ("aside" → "move-aside"), for a name of at least three characters. The first of equals.
 */
export function nearestName(name: string, candidates: readonly string[]): string | undefined {
  return fewestEdits(name, candidates) ?? holding(name, candidates);
}

/** `Did you mean "x"? ` for a misspelt name, or "" when no candidate is near: to start a hint with. */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const near = nearestName(name, candidates);
  return near ? `Did you mean "${near}"? ` : "";
}

function fewestEdits(name: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(candidate, name);
    if (distance <= 2 && distance * 2 < name.length && (best === undefined || distance < best.distance))
      best = { candidate, distance };
  }
  return best?.candidate;
}

/** Shorter names than this match too much as a part ("on" is in half of any list). */
const shortestPart = 3;

function holding(name: string, candidates: readonly string[]): string | undefined {
  if (name.length < shortestPart) return undefined;
  const part = name.toLowerCase();
  const shortest = (found: string[]) =>
    found.reduce<string | undefined>((a, b) => (a === undefined || b.length < a.length ? b : a), undefined);
  const lower = candidates.map((c) => [c, c.toLowerCase()] as const);
  return (
    shortest(lower.filter(([, c]) => c.startsWith(part)).map(([c]) => c)) ??
    shortest(lower.filter(([, c]) => c.includes(part)).map(([c]) => c))
  );
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
