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
  /** The field of the client pack that decided the cell, as a JSON pointer ("/skill_frontmatter/tools_field"). */
  basis: string;
  /** The id of the pack's fact (facts.<id>) that field rests on, when the pack names one. */
  fact?: string;
}

/** The pack field a row rests on when its maker names none: the section that holds the kind's mapping. */
export const kindBasis: Record<PromiseKind, string> = {
  "rule-load": "/rule_triggers",
  "skill-tools": "/skill_frontmatter/tools_field",
  "skill-deny": "/skill_frontmatter/skill_deny_field",
  "skill-trigger": "/skill_frontmatter",
  "agent-tools": "/agent_frontmatter",
  command: "/command_format",
  permission: "/permissions",
  hook: "/hooks",
  guard: "/guard",
  mcp: "/mcp",
};

export function capabilityRow(
  client: string,
  kind: PromiseKind,
  promise: string,
  source: Position,
  enforcement: Enforcement,
  reason: string,
  basis: string = kindBasis[kind],
): CapabilityRow {
  // the place only: the row is data of the build (CAPABILITIES.md, the matrix), not a diagnostic with a range
  const { file, line, column } = source;
  return { client, kind, promise, source: { file, line, column }, enforcement, reason, basis };
}
