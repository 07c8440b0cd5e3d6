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
