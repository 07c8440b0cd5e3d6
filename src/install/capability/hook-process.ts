import { type ChildProcess, spawn } from "node:child_process";
import { StreamTail } from "./stream-tail.js";

/** How to start a hook's process and when to give up on it. */
export interface HookLaunch {
  argv: readonly [string, ...string[]];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  shouldStop?: () => boolean;
}

export type HookEnd =
  | { kind: "exited"; status: number }
  | { kind: "killed"; signal: NodeJS.Signals }
  | { kind: "timeout" }
  | { kind: "aborted" }
  /** spawn failed: ENOENT, EACCES, … */
  | { kind: "unstartable"; code: string };

export interface HookProcessResult {
  end: HookEnd;
  stdout: { text: string; whole: boolean };
  stderr: string;
}

type Exit = { code: number | null; signal: NodeJS.Signals | null } | { error: string };

const stopPollMs = 25;
/** between SIGTERM and SIGKILL to the hook's process group */
const killGraceMs = 2000;
/** how long output still arriving after the exit is read (a background child may hold the pipes open) */
const drainGraceMs = 250;

/** Runs the hook in its own process group, without a shell; a timeout or a stop kills the whole group. */
export async function runHookProcess(launch: HookLaunch): Promise<HookProcessResult> {
  const stdout = new StreamTail();
  const stderr = new StreamTail();
  const [file, ...args] = launch.argv;
  let child: ChildProcess;
  try {
    child = spawn(file, args, {
      cwd: launch.cwd,
      env: launch.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
    });
  } catch (error) {
    return {
      end: { kind: "unstartable", code: errorCode(error) },
      stdout: { text: "", whole: true },
      stderr: "",
    };
  }
  child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
  const end = await watch(child, exitOf(child), launch);
  await drain(child);
  return { end, stdout: { text: stdout.text(), whole: !stdout.cut }, stderr: stderr.text() };
}

function exitOf(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => {
    child.on("error", (error) => resolve({ error: errorCode(error) }));
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

async function watch(child: ChildProcess, exited: Promise<Exit>, launch: HookLaunch): Promise<HookEnd> {
  const reason = await firstOf(exited, launch);
  if (reason === "exited") return endOf(await exited);
  await terminate(child, exited);
  return { kind: reason };
}

function firstOf(exited: Promise<Exit>, launch: HookLaunch): Promise<"exited" | "timeout" | "aborted"> {
  return new Promise((resolve) => {
    const finish = (reason: "exited" | "timeout" | "aborted"): void => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve(reason);
    };
    const timer = setTimeout(() => finish("timeout"), launch.timeoutMs);
    const { shouldStop } = launch;
    const poll = shouldStop && setInterval(() => shouldStop() && finish("aborted"), stopPollMs);
    void exited.then(() => finish("exited"));
  });
}

function endOf(exit: Exit): HookEnd {
  if ("error" in exit) return { kind: "unstartable", code: exit.error };
  if (exit.signal) return { kind: "killed", signal: exit.signal };
  return { kind: "exited", status: exit.code ?? 0 };
}

/**
 * SIGTERM to the group; SIGKILL when anything of it is still running 2 s later, then up to 2 s more for
 * the kernel to end what was killed, so that nothing of the hook outlives the run.
 */
async function terminate(child: ChildProcess, exited: Promise<Exit>): Promise<void> {
  signalGroup(child, "SIGTERM");
  await untilGone(child, Date.now() + killGraceMs);
  if (!hasExited(child) || groupAlive(child)) signalGroup(child, "SIGKILL");
  await exited;
  await untilGone(child, Date.now() + killGraceMs);
}

async function untilGone(child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline && (!hasExited(child) || groupAlive(child))) await pause(stopPollMs);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (process.platform === "win32" || child.pid === undefined) {
    child.kill(signal);
    return;
  }
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group is gone already
  }
}

function groupAlive(child: ChildProcess): boolean {
  if (process.platform === "win32" || child.pid === undefined) return !hasExited(child);
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM";
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Waits a little for the pipes to close, then closes them: a background child must not hold the run. */
async function drain(child: ChildProcess): Promise<void> {
  const streams = [child.stdout, child.stderr].filter((stream) => stream !== null);
  const closed = Promise.all(
    streams.map((stream) =>
      stream.closed ? undefined : new Promise((resolve) => stream.once("close", resolve)),
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, drainGraceMs)))]);
  clearTimeout(timer);
  for (const stream of streams) stream.destroy();
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" ? code : String(error);
}
