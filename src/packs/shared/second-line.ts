import type { Enforcement } from "./capability.js";

/**
 * Whether a client has the second line behind the guard (its operating system refusing a read) in this
 * build: written; one agentc writes but the registry did not ask for; one a project cannot switch on;
 * none; or the pack does not say.
 */
export type SecondLineState = "written" | "not-asked" | "not-written" | "none" | "not-recorded";

export interface SecondLine {
  state: SecondLineState;
  /** What the client calls it ("sandbox"). */
  name?: string;
  /** How well what agentc wrote holds; only when written. */
  enforcement?: Enforcement;
  reason: string;
  /** The pack's fact the line rests on, when it names one. */
  fact?: string;
}
