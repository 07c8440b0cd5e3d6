import { spawn } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../src/shared/package-paths.js";
import { clientRegistry } from "./clients-cli.js";
import { testdir } from "./testdir.js";

export const guardPath = join(packageRoot, "assets", "hooks", "agentc-guard.mjs");

export interface GuardRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall time from spawn to exit. */
  ms: number;
}

/** Variables a client sets for its hooks; cleared so the payload alone decides. */
const clientVariables = [
  "CLAUDE_PROJECT_DIR",
  "GEMINI_PROJECT_DIR",
  "CURSOR_PROJECT_DIR",
  "AGENTC_GUARD_TEST_CRASH",
];

/**
 * Runs the real guard program with `input` on stdin, as a client does; never rejects on its exit code.
 * `args` are the hook command's switches; the built-in packs call it with --fail-closed.
 */
export function runGuardProcess(
  input: string | Buffer,
  env: NodeJS.ProcessEnv = {},
  args: string[] = ["--fail-closed"],
): Promise<GuardRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const key of clientVariables) if (!(key in env)) delete childEnv[key];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [guardPath, ...args], {
      env: childEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    // The guard stops reading at its size limit and exits; the rest of a large input is refused.
    child.stdin.on("error", () => undefined);
    child.on("error", reject);
    child.on("close", (status, signal) =>
      resolve({ status, signal, stdout, stderr, ms: performance.now() - started }),
    );
    child.stdin.end(input);
  });
}

/** The client fixture registry with only the packs' own wiring (the guard): no core hooks, servers or permissions. */
export function guardOnlyRegistry(): string {
  const registry = join(testdir({}, "agentc-guard-registry-"), "registry");
  cpSync(clientRegistry, registry, { recursive: true });
  for (const file of ["hooks.json", "mcp.json", "permissions.json"]) rmSync(join(registry, "core", file));
  return registry;
}
