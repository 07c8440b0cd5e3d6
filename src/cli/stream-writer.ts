/**
 * A line writer for stdout or stderr that survives a reader going away (`agentc check | head`):
 * after EPIPE or any other write error, further lines are dropped instead of crashing the process,
 * so the command still ends with its own exit code.
 */
export function lineWriter(stream: NodeJS.WriteStream): (text: string) => void {
  let broken = false;
  stream.on("error", () => {
    broken = true;
  });
  return (text) => {
    if (!broken) stream.write(`${text}\n`);
  };
}
