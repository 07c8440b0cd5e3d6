/**
 * A line writer for stdout or stderr that survives a reader going away (`agentc check | head`):
 * after EPIPE or any other write error, further lines are dropped instead of crashing the process,
 * so the command still ends with its own exit code. The stream is taken on the first line only:
 * creating process.stdout loads Node's stream modules, which a quiet, clean run never needs.
 */
export function lineWriter(stream: () => NodeJS.WriteStream): (text: string) => void {
  let opened: NodeJS.WriteStream | undefined;
  let broken = false;
  return (text) => {
    if (!opened) {
      opened = stream();
      opened.on("error", () => {
        broken = true;
      });
    }
    if (!broken) opened.write(`${text}\n`);
  };
}
