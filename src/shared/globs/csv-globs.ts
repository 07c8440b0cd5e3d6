import { expandBraces } from "./brace-groups.js";

/**
 * One comma-separated string of globs. Readers split it at every comma, so a brace group with commas
 * ("*.{ts,tsx}") is expanded into separate globs first (the loaders keep each rule within the brace budget).
 */
export function csvGlobs(globs: string[]): string {
  return [...new Set(globs.flatMap(expandBraces))].join(", ");
}

export { expandBraces };
