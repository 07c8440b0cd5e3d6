import { fstatSync, statSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * Whether fd is a terminal, as tty.isatty says, without loading node:tty (which loads net and the
 * stream modules, several ms of start-up) when the answer is plain: a terminal is a character device,
 * so a pipe or a file is none, and neither is /dev/null, the character device output is usually sent
 * to when nobody reads it. Any other character device is asked about with tty.isatty.
 */
export function isTerminal(fd: number): boolean {
  let device: ReturnType<typeof fstatSync>;
  try {
    device = fstatSync(fd);
  } catch {
    return false;
  }
  if (!device.isCharacterDevice()) return false;
  const devNull = statSync("/dev/null", { throwIfNoEntry: false });
  if (devNull?.isCharacterDevice() && devNull.rdev === device.rdev) return false;
  const tty = createRequire(import.meta.url)("node:tty") as typeof import("node:tty");
  return tty.isatty(fd);
}
