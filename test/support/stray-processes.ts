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

/**
 * Whether a process is gone within `withinMs`: a process killed with SIGKILL closes its files (its pipes)
 * before it becomes a zombie, so right after its reader saw the pipes close it may still be exiting.
 */
export async function goneWithin(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (running(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
