import { clipMessage } from "../diagnostics/clip.js";
import type { Diagnostic, Position, Severity } from "../diagnostics/diagnostic.js";
import type { EmittedTree } from "../emit/emitted-tree.js";
import type { Registry } from "../registry/model.js";

/** A registry written inline: registry-relative path → file text. */
export type Fixture = Record<string, string>;

/** Symbolic links an example registry holds besides its files: link path → the target written into the link. */
export type FixtureLinks = Record<string, string>;

export interface CheckMeta {
  id: string;
  slug: string;
  severity: Severity;
  title: string;
  /** Why the check exists, in a sentence or two. */
  description: string;
  hint: string;
  examples: { passing: Fixture; failing: Fixture; failingLinks?: FixtureLinks };
}

export interface RegistryCheck extends CheckMeta {
  stage: "registry";
  run(registry: Registry): Iterable<Finding>;
}

export interface OutputCheck extends CheckMeta {
  stage: "output";
  run(registry: Registry, tree: EmittedTree): Iterable<Finding>;
}

/**
 * Checks whose findings are produced while loading or emitting, or by `agentc import` while it reads a
 * project (their examples are projects, not registries).
 */
export interface InlineCheck extends CheckMeta {
  stage: "load" | "emit" | "import";
}

export type Check = RegistryCheck | OutputCheck | InlineCheck;

export interface Finding {
  position: Position;
  message: string;
  hint?: string;
  severity?: Severity;
}

/** Every diagnostic is made here, so no message, hint or file name can echo megabytes of input. */
export function diagnostic(check: CheckMeta, finding: Finding): Diagnostic {
  return {
    id: check.id,
    severity: finding.severity ?? check.severity,
    file: clipMessage(finding.position.file),
    line: finding.position.line,
    column: finding.position.column,
    message: clipMessage(finding.message),
    hint: clipMessage(finding.hint ?? check.hint),
  };
}
