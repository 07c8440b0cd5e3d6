import { readdirSync, readFileSync } from "node:fs";

/**
 * Stops the processes a client CLI left behind on purpose (Cline starts a hub daemon in its own session,
 * out of reach of the test's process group), found by their command line in /proc.
 */
export function stopStrayProcesses(matches: (argv: string[]) => boolean): number {
  let stopped = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    if (!matches(argv)) continue;
    try {
      process.kill(Number(pid), "SIGKILL");
      stopped++;
    } catch {
      // gone already
    }
  }
  return stopped;
}

/** Whether a process still runs. This machine's init does not reap orphans, so a zombie counts as gone. */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== "linux") return true;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
}
