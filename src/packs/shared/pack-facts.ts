/**
 * The id of the pack's fact behind a field (a JSON pointer such as "/hooks/events"): a fact naming that
 * field, else one naming the nearest section that holds it. Undefined when the pack names none.
 */
export function factFor(
  pack: { facts?: Record<string, { for: string[] }> },
  pointer: string,
): string | undefined {
  let best: { id: string; length: number } | undefined;
  for (const [id, fact] of Object.entries(pack.facts ?? {})) {
    for (const target of fact.for) {
      const covers = pointer === target || pointer.startsWith(`${target}/`);
      if (covers && (!best || target.length > best.length)) best = { id, length: target.length };
    }
  }
  return best?.id;
}
