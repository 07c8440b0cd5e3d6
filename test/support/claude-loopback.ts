import { fileURLToPath } from "node:url";
import type { SessionPlan, SessionRecord } from "./claude-loopback-runner.js";
import { type ClientSandbox, clientSandbox } from "./clients-cli.js";
import { inLoopbackNamespace, runnerRecord } from "./loopback/runner-record.js";

export type { SessionRecord } from "./claude-loopback-runner.js";

const runner = fileURLToPath(new URL("./claude-loopback-runner.js", import.meta.url));

/**
 * One real Claude Code session in `cwd` (print mode, stream-json) whose model asks for one tool call;
 * see claude-loopback-runner.ts. Offline: inside its own network namespace when the machine allows it,
 * else with every proxy pointing at a refused port and only loopback exempt.
 */
export function claudeSession(
  program: string[],
  cwd: string,
  tool: SessionPlan["tool"],
  sandbox: ClientSandbox = clientSandbox(),
): Promise<SessionRecord> {
  // IS_SANDBOX: Claude Code refuses bypassPermissions to root unless told it runs in a sandbox, which a test
  // session (its own HOME and temp folder, a loopback model) is; CI runs as root.
  const env = {
    ...sandbox.env,
    NO_PROXY: "127.0.0.1,localhost",
    no_proxy: "127.0.0.1,localhost",
    IS_SANDBOX: "1",
  };
  const plan: SessionPlan = { program, cwd, env: env as Record<string, string>, tool, timeoutMs: 60_000 };
  const node = [process.execPath, runner, JSON.stringify(plan)];
  return runnerRecord<SessionRecord>(inLoopbackNamespace(node), process.env, "the loopback session runner");
}

/** The text of the session's tool results, joined, for assertions and messages. */
export function toolResultText(record: SessionRecord): string {
  return record.toolResults.map((result) => JSON.stringify(result.content)).join("\n");
}
