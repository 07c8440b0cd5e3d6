import { expandBraces } from "./brace-groups.js";

/**
 * A rule's globs in csv form, by the globs joined with "\0": each client that writes a rule asks again.
 * Emptied when full, so a long-running process (watch, the language server) keeps only recent ones.
 */
const csvOf = new Map<string, string>();
const remembered = 10_000;

/**
 * One comma-separated string of globs. Readers split it at every comma, so a brace group with commas
 * ("*.{ts,tsx}") is expanded into separate globs first (the loaders keep each rule within the brace budget).
 */
export function csvGlobs(globs: readonly string[]): string {
  const key = globs.join("\0");
  let csv = csvOf.get(key);
  if (csv === undefined) {
    csv = [...new Set(globs.flatMap(expandBraces))].join(", ");
    if (csvOf.size >= remembered) csvOf.clear();
    csvOf.set(key, csv);
  }
  return csv;
}

export { expandBraces };
