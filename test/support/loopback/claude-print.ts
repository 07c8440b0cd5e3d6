import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ClientSandbox, clientSandbox } from "../clients-cli.js";
import { clientSession, type SessionRecord } from "./client-session.js";

/** A sandbox whose Claude Code has trusted the project (else it ignores the settings' allow lists). */
export function trustedClaudeSandbox(project: string, env: Record<string, string> = {}): ClientSandbox {
  const sandbox = clientSandbox();
  const config = sandbox.env.CLAUDE_CONFIG_DIR ?? join(sandbox.home, ".claude");
  mkdirSync(config, { recursive: true });
  const projects = { [project]: { hasTrustDialogAccepted: true } };
  writeFileSync(join(config, ".claude.json"), JSON.stringify({ projects, hasCompletedOnboarding: true }));
  return { ...sandbox, env: { ...sandbox.env, ...env } };
}

/** `claude -p "say OK"` in `project` against the stand-in Messages API on loopback. */
export function claudePrintSession(
  program: string[],
  project: string,
  sandbox: ClientSandbox,
): Promise<SessionRecord> {
  return clientSession({
    api: "anthropic",
    cwd: project,
    env: {
      ...(sandbox.env as Record<string, string>),
      ANTHROPIC_BASE_URL: "{base}",
      ANTHROPIC_API_KEY: "sk-ant-loopback",
    },
    steps: [{ program, args: ["-p", "say OK"] }],
    timeoutMs: 90_000,
  });
}
