import type { Diagnostic, Position, Severity } from "./diagnostic.js";

/** A registry written inline: registry-relative path → file text. */
export type Fixture = Record<string, string>;

/** What every check is, whatever stage raises it: an id, its words, and a passing and a failing example. */
export interface CheckMeta {
  id: string;
  slug: string;
  severity: Severity;
  title: string;
  /** Why the check exists, in a sentence or two. */
  description: string;
  hint: string;
  examples: { passing: Fixture; failing: Fixture };
}

/** Checks whose findings are produced while loading or emitting. */
export interface InlineCheck extends CheckMeta {
  stage: "load" | "emit";
}

/**
 * A check run on the loaded registry; `Input` is the part of it the check reads (src/checks/check.ts names
 * the whole registry). A loader that reports the same finding early can import the check from below.
 */
export interface RegistryCheckOf<Input> extends CheckMeta {
  stage: "registry";
  run(registry: Input): Iterable<Finding>;
}

export interface Finding {
  position: Position;
  message: string;
  hint?: string;
  severity?: Severity;
}

export function diagnostic(check: CheckMeta, finding: Finding): Diagnostic {
  return {
    id: check.id,
    severity: finding.severity ?? check.severity,
    file: finding.position.file,
    line: finding.position.line,
    column: finding.position.column,
    message: finding.message,
    hint: finding.hint ?? check.hint,
  };
}
