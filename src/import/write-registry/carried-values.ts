import { maxDescriptionWords } from "../../checks/registry/description-within-25-words.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import {
  type SchemaName,
  type SchemaViolation,
  validateAgainstSchema,
} from "../../documents/schema-validation.js";
import { countWords } from "../../shared/text-budget.js";
import { leftOutFinding } from "../checks/native-content-imported.js";

/** One item import is about to write: what it is, where it was read, the value a core schema checks. */
export interface Candidate {
  /** "skill big", "command deploy", "MCP server github". */
  label: string;
  /** The kind alone ("skill"), for grouping the findings of many items. */
  kind: string;
  position: Position;
  schema: SchemaName;
}

/**
 * The frontmatter of a core item as the registry's loader will check it (the same JSON Schema): each key
 * core/ refuses is left out and reported; an item that is refused without the key (a required one, such
 * as a skill's description over 1,024 characters) is not written at all (undefined) and reported: it
 * stays in the project's own file.
 */
export function carriedMatter(
  candidate: Candidate,
  matter: Record<string, unknown>,
  diagnostics: Diagnostic[],
): Record<string, unknown> | undefined {
  let kept = { ...matter };
  const dropped = new Map<string, SchemaViolation>();
  for (let round = 0; round <= Object.keys(matter).length; round++) {
    const violations = validateAgainstSchema(candidate.schema, kept);
    if (violations.length === 0) break;
    const keys = [...new Set(violations.flatMap((v) => (typeof v.path[0] === "string" ? [v.path[0]] : [])))];
    const required = violations.find((v) => v.keyword === "required" && v.path.length === 0);
    if (required || keys.length === 0) {
      const first = [...dropped.values()][0] ?? required ?? violations[0];
      diagnostics.push(refused(candidate, first));
      return undefined;
    }
    for (const key of keys) dropped.set(key, violations.find((v) => v.path[0] === key) as SchemaViolation);
    kept = Object.fromEntries(Object.entries(kept).filter(([key]) => !keys.includes(key)));
  }
  for (const [key, violation] of dropped) diagnostics.push(leftOutKey(candidate, key, violation));
  return kept;
}

/** A whole JSON entry (an MCP server, a hook, a permission rule) checked as its core file holds it. */
export function carriedEntry(candidate: Candidate, document: object, diagnostics: Diagnostic[]): boolean {
  const violation = validateAgainstSchema(candidate.schema, document)[0];
  if (violation) diagnostics.push(refused(candidate, violation));
  return violation === undefined;
}

/** A description of a rule of sources/, left out (and reported) where it has more words than AGC019 takes. */
export function describedWithin(
  candidate: Candidate,
  description: string | undefined,
  diagnostics: Diagnostic[],
): string | undefined {
  if (description === undefined || countWords(description) <= maxDescriptionWords) return description;
  const why = `more than ${maxDescriptionWords} words, which a rule's description may not have (AGC019)`;
  diagnostics.push(leftOutKey(candidate, "description", { message: why }));
  return undefined;
}

function leftOutKey(
  candidate: Candidate,
  key: string,
  violation: Pick<SchemaViolation, "message">,
): Diagnostic {
  return leftOutFinding({
    position: candidate.position,
    message: `"${key}" of ${candidate.label} in ${candidate.position.file} is not imported: the registry refuses it (${violation.message})`,
    hint: "It stays in the project's own file; write the value as the registry takes it if it should carry it.",
    group: `${candidate.kind} "${key}" not imported: the registry refuses it (${violation.message})`,
  });
}

function refused(candidate: Candidate, violation: SchemaViolation | undefined): Diagnostic {
  const why = violation ? ` (${violation.message})` : "";
  return leftOutFinding({
    position: candidate.position,
    message: `${candidate.label} in ${candidate.position.file} is not imported: the registry refuses it${why}; it stays in the project's own file`,
    hint: "agentc install leaves files it does not write alone, so its assistant reads it there as before; fix the value and import again if the registry should carry it.",
    group: `${candidate.kind} not imported: the registry refuses it${why}`,
  });
}
