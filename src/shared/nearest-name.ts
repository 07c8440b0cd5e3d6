/**
 * The candidate fewest edits from a misspelt name, the first of equals; for "did you mean". At most two
 * edits, and fewer than half the name's length ("nope" is not a typo of "core").
 */
export function nearestName(name: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(candidate, name);
    if (distance <= 2 && distance * 2 < name.length && (best === undefined || distance < best.distance))
      best = { candidate, distance };
  }
  return best?.candidate;
}

/** `Did you mean "x"? ` for a misspelt name, or "" when no candidate is near: to start a hint with. */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const near = nearestName(name, candidates);
  return near ? `Did you mean "${near}"? ` : "";
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
