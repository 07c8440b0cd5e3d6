import { spawn } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
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

/** The guard's module (the file the hook runs), for decisions in this process. */
interface GuardModule {
  MAX_STDIN_BYTES: number;
  TIMEOUT_MS: number;
  parseOptions(argv: string[]): unknown;
  parsePayload(bytes: Buffer): unknown;
  decide(
    payload: unknown,
    deadline: number,
    options: unknown,
  ): { allow: boolean; decision?: string; reason?: string };
}
let guardModule: Promise<GuardModule> | undefined;

/** A verdict decided in this process: what the guard process would exit with (0, or 2 with the reason). */
export interface InProcessVerdict {
  decision: "allow" | "ask" | "block";
  reason: string;
}

/** An error the guard throws on purpose (GuardError and its kinds); the process blocks with its message. */
function isGuardError(error: unknown): boolean {
  for (let p = Object.getPrototypeOf(error); p; p = Object.getPrototypeOf(p))
    if (p.constructor?.name === "GuardError") return true;
  return false;
}

/**
 * What the guard process decides on `input` with `args`, decided in this process by the module's own
 * parsePayload and decide, with `env` set for the decision and the client variables cleared as
 * runGuardProcess clears them. What only the process does (reading stdin and its time limit, the exit code,
 * the deny and ask JSON, the crash handler) runGuardProcess tests; an error that is not the guard's own
 * fails the test.
 */
export async function decideInProcess(
  input: string | Buffer,
  env: NodeJS.ProcessEnv = {},
  args: string[] = ["--fail-closed"],
): Promise<InProcessVerdict> {
  guardModule ??= import(pathToFileURL(guardPath).href) as Promise<GuardModule>;
  const guard = await guardModule;
  const bytes = Buffer.from(input);
  if (bytes.length > guard.MAX_STDIN_BYTES) return { decision: "block", reason: "stdin is too large" };
  const names = [...new Set([...clientVariables, ...Object.keys(env)])];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  for (const name of clientVariables) delete process.env[name];
  Object.assign(process.env, env);
  try {
    const options = guard.parseOptions(args);
    const verdict = guard.decide(guard.parsePayload(bytes), performance.now() + guard.TIMEOUT_MS, options);
    if (verdict.allow) return { decision: "allow", reason: "" };
    return { decision: verdict.decision === "ask" ? "ask" : "block", reason: verdict.reason ?? "" };
  } catch (error) {
    if (!isGuardError(error)) throw error;
    return { decision: "block", reason: (error as Error).message };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
