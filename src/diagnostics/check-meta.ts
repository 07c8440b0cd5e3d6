import { clipMessage } from "./clip.js";
import type { Diagnostic, Loss, Position, Severity } from "./diagnostic.js";

/** A registry written inline: registry-relative path → file text. */
export type Fixture = Record<string, string>;

/** Symbolic links an example registry holds besides its files: link path → the target written into the link. */
export type FixtureLinks = Record<string, string>;

/** What every check is, whatever stage raises it: an id, its words, and a passing and a failing example. */
export interface CheckMeta {
  id: string;
  slug: string;
  severity: Severity;
  title: string;
  /** Why the check exists, in a sentence or two. */
  description: string;
  hint: string;
  /**
   * Read only by the docs, the tests and `agentc explain`: each check defines it as a getter, so that the
   * fixture registries are not built when the check's module loads, on every command (docs/benchmark.md,
   * change 50).
   */
  examples: {
    passing: Fixture;
    failing: Fixture;
    failingLinks?: FixtureLinks;
    /**
     * The examples are the files of one dependency the registry does not trust, not a registry: they go
     * through the check each dependency's files pass before they enter a build (docs/third-party-content.md).
     */
    dependency?: { name: string };
    /** The lines of this check `agentc check` prints for the failing example (diagnosticLine), in order. */
    expected: string[];
  };
}

/**
 * Checks whose findings are produced while loading or emitting, or by `agentc import` and `agentc lint`
 * while they read a project (their examples are projects, not registries).
 */
export interface InlineCheck extends CheckMeta {
  stage: "load" | "emit" | "import" | "lint";
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
  /** Other places the finding is about (the first definition of a duplicate); the message names them too. */
  related?: { position: Position; message: string }[];
  /** Set when the finding is a client's limit, not a problem in the registry. */
  loss?: Loss;
  /** The kind of finding, the same for every place of that kind (Diagnostic.group). */
  group?: string;
}

/** Every diagnostic is made here, so no message, hint or file name can echo megabytes of input. */
export function diagnostic(check: CheckMeta, finding: Finding): Diagnostic {
  const { position, related } = finding;
  return {
    id: check.id,
    severity: finding.severity ?? check.severity,
    file: clipMessage(position.file),
    line: position.line,
    column: position.column,
    message: clipMessage(finding.message),
    hint: clipMessage(finding.hint ?? check.hint),
    ...(position.end ? { endLine: position.end.line, endColumn: position.end.column } : {}),
    ...(related?.length
      ? { related: related.map((r) => ({ ...place(r.position), message: clipMessage(r.message) })) }
      : {}),
    ...(finding.loss ? { loss: { ...finding.loss, promise: clipMessage(finding.loss.promise) } } : {}),
    ...(finding.group ? { group: clipMessage(finding.group) } : {}),
  };
}

function place({ file, line, column }: Position): Pick<Position, "file" | "line" | "column"> {
  return { file: clipMessage(file), line, column };
}
