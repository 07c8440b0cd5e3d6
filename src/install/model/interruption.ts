/**
 * SIGINT / SIGTERM during an install become a rollback: the handlers only set a flag, and the transaction
 * checks it between steps. AGENTC_PAUSE_AFTER=<phase> makes the process announce the phase on stderr and
 * wait there, so tests can send a signal at an exact point.
 */
export class Interrupted extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
  }
}

export type Phase = "locked" | "planned" | "journaled" | "applied" | "recorded" | "committed";

let received: NodeJS.Signals | undefined;
const onSignal = (signal: NodeJS.Signals): void => {
  received = signal;
};

export function trapSignals(): () => void {
  received = undefined;
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
}

/** Whether SIGINT or SIGTERM has arrived (a hook being waited for is stopped then). */
export function interruptPending(): boolean {
  return received !== undefined;
}

export function throwIfInterrupted(): void {
  if (received) throw new Interrupted(received);
}

/** Lets pending signals be handled, then throws if one arrived. */
export async function checkpoint(phase?: Phase): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  throwIfInterrupted();
  if (phase && process.env.AGENTC_PAUSE_AFTER === phase) {
    process.stderr.write(`agentc-paused:${phase}\n`);
    while (!received) await new Promise((resolve) => setTimeout(resolve, 10));
    throwIfInterrupted();
  }
}

export function exitCodeFor(signal: NodeJS.Signals): number {
  return signal === "SIGINT" ? 130 : 143;
}
