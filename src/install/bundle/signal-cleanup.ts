import { rmSync } from "node:fs";

const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM"];

/**
 * While `work` runs, SIGINT and SIGTERM first remove `temp` and then take their usual course, so an
 * interrupted download leaves nothing behind.
 */
export async function removedOnSignal<T>(temp: string, work: () => Promise<T>): Promise<T> {
  const stop = (): void => {
    for (const signal of signals) process.off(signal, onSignal);
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    rmSync(temp, { recursive: true, force: true });
    stop();
    process.kill(process.pid, signal);
  };
  for (const signal of signals) process.on(signal, onSignal);
  try {
    return await work();
  } finally {
    stop();
  }
}
