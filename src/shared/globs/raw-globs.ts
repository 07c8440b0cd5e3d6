import { braceExpansion } from "./brace-groups.js";
import { csvGlobs } from "./csv-globs.js";

/**
 * A globs value that a client reading the field as written (a pack's `rule_triggers.raw_fields`) does not read
 * as the globs meant: such a reader is not YAML, it keeps quotes and brackets in the value, so a JSON array
 * `["**\/*.py"]` is one glob with brackets that matches nothing (the documented form is one unquoted comma list;
 * the sources are in the packs' `_raw_fields_note`). Lint (AGC204) and import (AGC128) say the same from here.
 */
export function rawGlobsQuoted(value: string): boolean {
  return /^["'[]/.test(value.trim());
}

/** The fact, for a message: "<who> read(s) <the fact>". */
export function rawGlobsFact(field: string, value: string): string {
  return `${field} as written, quotes and brackets included: ${value} is not the glob meant`;
}

/** Most globs the comma list a fix writes may hold: a longer list is left for a person to write. */
const fixedListLimit = 32;

/**
 * A globs value such a reader splits inside a brace group: it splits at every comma, so `src/*.{ts,tsx}` is read
 * as `src/*.{ts` and `tsx}` (the packs' `_raw_fields_note`; agentc's own writers expand the groups). The globs
 * meant, as the comma list the reader takes (brace groups expanded), or "" when that list would be too long
 * to write; undefined when no brace group holds a comma.
 */
export function rawGlobsSplitInBraces(value: string): string | undefined {
  const meant = topLevelParts(value.trim());
  if (!meant.some((glob) => braceExpansion(glob).patterns > 1)) return undefined;
  const patterns = meant.reduce((sum, glob) => sum + braceExpansion(glob).patterns, 0);
  return patterns > fixedListLimit ? "" : csvGlobs(meant);
}

/** The value split at the commas outside brace groups. */
function topLevelParts(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}" && depth > 0) depth--;
    else if (c === "," && depth === 0) {
      parts.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(value.slice(start).trim());
  return parts.filter((part) => part !== "");
}
