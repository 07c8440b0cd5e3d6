import { writeSync } from "node:fs";

/**
 * A line writer for standard output (fd 1) or error (fd 2) that survives a reader going away
 * (`agentc check | head`): after EPIPE or any other write error, further lines are dropped instead of
 * crashing the process, so the command still ends with its own exit code.
 *
 * On POSIX systems it writes with fs.writeSync, as Node's own stream does for files, terminals and
 * pipes there: creating process.stdout or process.stderr loads Node's stream, net and tty modules, about
 * 10 ms of start-up for the few lines a build prints. A pipe another process made non-blocking can
 * refuse a write (EAGAIN); that line and every later one then go through the stream, which waits.
 * On Windows, where the streams of pipes and terminals are asynchronous, every line goes through the stream.
 */
export function lineWriter(fd: 1 | 2, stream: () => NodeJS.WriteStream): (text: string) => void {
  let opened: NodeJS.WriteStream | undefined;
  let broken = false;
  const viaStream = (bytes: Uint8Array) => {
    if (!opened) {
      opened = stream();
      opened.on("error", () => {
        broken = true;
      });
    }
    if (!broken) opened.write(bytes);
  };
  return (text) => {
    const bytes = Buffer.from(`${text}\n`);
    if (opened || process.platform === "win32") viaStream(bytes);
    else if (!broken) writeDirectly(fd, bytes, viaStream, () => (broken = true));
  };
}

function writeDirectly(
  fd: number,
  bytes: Buffer,
  viaStream: (rest: Uint8Array) => void,
  fail: () => void,
): void {
  let rest = bytes;
  try {
    while (rest.length > 0) rest = rest.subarray(writeSync(fd, rest));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EAGAIN") viaStream(rest);
    else fail();
  }
}
