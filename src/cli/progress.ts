/** A one-line progress counter on stderr, only on a terminal, only for large runs. */
export function terminalProgress(
  isTty: boolean,
  label: string,
): ((done: number, total: number) => void) | undefined {
  if (!isTty || !process.stderr.isTTY) return undefined;
  return (done, total) => {
    if (total < 1000) return;
    process.stderr.write(`\r${label} ${done}/${total}${done >= total ? "\n" : ""}`);
  };
}
