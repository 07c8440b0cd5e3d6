/** One run of a capability's spawn, retire or soul-scaffold hook, and what it ended with. */
export interface HookRun {
  /** absolute project root */
  root: string;
  /** project-relative capability home, e.g. ".agents/capabilities/x" */
  home: string;
  capability: { id: string; layer: string; environment: string[] };
  event: "spawn" | "retire" | "soul-scaffold";
  command: string;
  /** soul-scaffold: the soul, by name and project folder (AGENTC_AGENT / OATS_AGENT, AGENTC_SOUL / OATS_SOUL) */
  soul?: { name: string; dir: string };
  /** what the spawn returned; given to retire as AGENTC_META / OATS_META (JSON text) */
  meta?: unknown;
  timeoutMs: number;
  /** polled every ~25 ms; true kills the hook and the outcome is "aborted" */
  shouldStop?: () => boolean;
}

export type HookFailure = "exit" | "signal" | "timeout" | "missing" | "output" | "aborted";

export type HookOutcome =
  | { ok: true; env: Record<string, string>; meta?: unknown; warning?: string; stderr: string }
  | { ok: false; failure: HookFailure; problem: string; stderr: string };
