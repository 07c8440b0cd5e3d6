import type { Position } from "../../diagnostics/diagnostic.js";

/**
 * How a client keeps a promise of the core: technically, technically but only for what it can see,
 * only as text in its context, or not at all (their meanings: enforcementLevels).
 */
export type Enforcement = "enforced" | "partial" | "instruction" | "cannot";

export type PromiseKind =
  | "rule-load"
  | "skill-tools"
  | "skill-deny"
  | "skill-trigger"
  | "agent-tools"
  | "command"
  | "permission"
  | "hook"
  | "guard"
  | "mcp";

/** One cell of the capability matrix: one promise of the registry, as one client keeps it. */
export interface CapabilityRow {
  client: string;
  kind: PromiseKind;
  /** The promise in words, without the client: "skill code-review may not edit files". */
  promise: string;
  /** Where the promise is written in the registry. */
  source: Position;
  enforcement: Enforcement;
  /** Why — from the pack's notes or the mapping that decided it. */
  reason: string;
}

export function capabilityRow(
  client: string,
  kind: PromiseKind,
  promise: string,
  source: Position,
  enforcement: Enforcement,
  reason: string,
): CapabilityRow {
  // the place only: the row is data of the build (CAPABILITIES.md, the matrix), not a diagnostic with a range
  const { file, line, column } = source;
  return { client, kind, promise, source: { file, line, column }, enforcement, reason };
}
