import { spawn } from "node:child_process";
import { binPath } from "./run-cli.js";

export interface PtyResult {
  status: number | null;
  /** Everything the terminal showed, colour and cursor codes removed. */
  screen: string;
}

/**
 * Runs the real CLI on a pseudo-terminal (util-linux `script`), waits until `waitFor` is on the screen, then
 * types each key with a pause between them, as a person would.
 */
export function runOnTerminal(
  args: string[],
  waitFor: string,
  keys: string[],
  cwd?: string,
): Promise<PtyResult> {
  const quoted = [process.execPath, binPath, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  const child = spawn("script", ["-q", "-e", "-c", `stty cols 120 rows 50; ${quoted}`, "/dev/null"], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, TERM: "xterm", NO_COLOR: "1" },
    ...(cwd ? { cwd } : {}),
  });
  let raw = "";
  let typing = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no end after 20 s; the screen showed:\n${plain(raw)}`));
    }, 20_000);
    child.stdout.on("data", (chunk: Buffer) => {
      raw += chunk.toString("utf8");
      if (typing || !plain(raw).includes(waitFor)) return;
      typing = true;
      for (const [i, key] of keys.entries()) setTimeout(() => child.stdin.write(key), 300 + i * 150);
    });
    child.on("exit", (status) => {
      clearTimeout(timer);
      resolve({ status, screen: plain(raw) });
    });
  });
}

function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape codes are what is removed
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
}

export const keys = { space: " ", down: "\u001b[B", enter: "\r" } as const;
